import { redirect } from "react-router";
import { watchlistAction } from "~/library/library-actions.server";
import type { Route } from "./+types/watchlist-action";
import { paths } from "~/core/paths";

export const loader = () => redirect(paths.dashboard);

export function action({ request, context: { services } }: Route.ActionArgs) {
  return watchlistAction(services, request);
}
