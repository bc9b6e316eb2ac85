import { data } from "react-router";
import { NotFoundPage } from "~/shell/status-pages";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Sayfa bulunamadı" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundPage />;
}
