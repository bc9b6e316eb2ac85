import { redirect } from "react-router";
import { socialAction } from "~/social/actions.server";
import type { Route } from "./+types/social-action";

export const loader = () => redirect("/");

/** Beğen, yorum, yanıt, düzenle, sil and Bildir (issue #38). */
export function action({ request, context: { services } }: Route.ActionArgs) {
  return socialAction(services, request);
}
