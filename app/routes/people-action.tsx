import { redirect } from "react-router";
import { peopleAction } from "~/social/actions.server";
import type { Route } from "./+types/people-action";

export const loader = () => redirect("/");

/** Takip et, Takibi bırak, Engelle, Engeli kaldır (issue #38). */
export function action({ request, context: { services } }: Route.ActionArgs) {
  return peopleAction(services, request);
}
