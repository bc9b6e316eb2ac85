import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Sezon" }];

export default function Page() {
  return <PagePlaceholder title="Sezon" />;
}
