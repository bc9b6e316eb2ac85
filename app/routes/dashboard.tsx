import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Dashboard" }];

export default function Page() {
  return <PagePlaceholder title="Dashboard" />;
}
