import { PagePlaceholder } from "~/shell/page-placeholder";

export const meta = () => [{ title: "Giriş Yap" }];

export default function Page() {
  return <PagePlaceholder title="Giriş Yap" />;
}
