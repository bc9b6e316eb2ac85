import { data } from "react-router";

// Placeholder until the sitemap feature: no sitemap documents exist yet.
export function loader() {
  throw data(null, { status: 404 });
}
