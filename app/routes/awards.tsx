import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Ödüller" }];

export default function Page() {
  return <PagePlaceholder title="Ödüller" />;
}
