import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Perde" }];

export default function Page() {
  return <PagePlaceholder title="Perde" />;
}
