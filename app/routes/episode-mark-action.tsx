import { redirect } from "react-router";
import { markAction } from "~/tracking/mark-action.server";
import type { Route } from "./+types/episode-mark-action";
import { paths } from "~/core/paths";

export const loader = () => redirect(paths.dashboard);

export function action({ request, context: { services } }: Route.ActionArgs) {
  return markAction(services, request);
}
