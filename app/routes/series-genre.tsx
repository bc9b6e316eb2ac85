import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Dizi Kategorisi" }];

export default function Page() {
  return <PagePlaceholder title="Dizi Kategorisi" />;
}
