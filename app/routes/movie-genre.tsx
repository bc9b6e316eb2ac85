import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Film Kategorisi" }];

export default function Page() {
  return <PagePlaceholder title="Film Kategorisi" />;
}
