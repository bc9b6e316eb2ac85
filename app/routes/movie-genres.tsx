import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Film Kategorileri" }];

export default function Page() {
  return <PagePlaceholder title="Film Kategorileri" />;
}
