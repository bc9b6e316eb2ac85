import { redirect } from "react-router";
import { watchlistAction } from "~/library/library-actions.server";
import { followSeries } from "~/tracking/schedule.server";
import type { Route } from "./+types/watchlist-action";
import { paths } from "~/core/paths";

export const loader = () => redirect(paths.dashboard);

export function action({ request, context: { services } }: Route.ActionArgs) {
  return watchlistAction(services, request, {
    // A followed series' episodes are kept for its progress and the calendar (issue #23).
    following: async (item) => {
      if (item.type === "tv") await followSeries(services, item.id);
    },
  });
}
