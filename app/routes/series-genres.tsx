import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Dizi Kategorileri" }];

export default function Page() {
  return <PagePlaceholder title="Dizi Kategorileri" />;
}
