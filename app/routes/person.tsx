import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Oyuncu" }];

export default function Page() {
  return <PagePlaceholder title="Oyuncu" />;
}
