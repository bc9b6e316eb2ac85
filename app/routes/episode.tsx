import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Bölüm" }];

export default function Page() {
  return <PagePlaceholder title="Bölüm" />;
}
