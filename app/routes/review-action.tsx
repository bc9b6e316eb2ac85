import { redirect } from "react-router";
import { reviewAction } from "~/library/library-actions.server";
import type { Route } from "./+types/review-action";

export const loader = () => redirect("/");

export function action({ request, context: { services } }: Route.ActionArgs) {
  return reviewAction(services, request);
}
