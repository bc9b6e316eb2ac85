import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Popüler Oyuncular" }];

export default function Page() {
  return <PagePlaceholder title="Popüler Oyuncular" />;
}
