import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Dizi" }];

export default function Page() {
  return <PagePlaceholder title="Dizi" />;
}
