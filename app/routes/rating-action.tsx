import { redirect } from "react-router";
import { ratingAction } from "~/history/actions.server";
import type { Route } from "./+types/rating-action";

export const loader = () => redirect("/");

export function action({ request, context: { services } }: Route.ActionArgs) {
  return ratingAction(services, request);
}
