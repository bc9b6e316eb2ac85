import { redirect } from "react-router";
import { signOut } from "~/accounts/account-actions.server";
import type { Route } from "./+types/sign-out";

export function loader() {
  return redirect("/");
}

export function action({ request, context: { services } }: Route.ActionArgs) {
  return signOut(services, request);
}
