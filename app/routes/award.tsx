import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Ödül" }];

export default function Page() {
  return <PagePlaceholder title="Ödül" />;
}
