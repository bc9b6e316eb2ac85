import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { signIn, signUp } from "~/accounts/account-actions.server";
import { AuthForms } from "~/accounts/components/auth-forms";
import { getOptionalUser } from "~/accounts/guards.server";
import { SITE_NAME } from "~/core/site";
import { readForm } from "~/core/read-form.server";
import type { Route } from "./+types/auth";
import { paths } from "~/core/paths";
import { PENDING_PARAM, RETURN_PARAM, returnPath } from "~/core/return-path";
import { afterSignIn } from "~/sign-in-next.server";

export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  if (await getOptionalUser(request, services)) {
    const back = returnPath(new URL(request.url).searchParams.get(RETURN_PARAM));
    throw redirect(back ?? paths.dashboard);
  }
  return null;
}

// Switching tabs changes only the query (`?sekme=kayit`): nothing to load again. A form post, or
// coming back from another page, still asks the server (a signed-in visitor goes on).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  formMethod === undefined && currentUrl.pathname === nextUrl.pathname
    ? false
    : defaultShouldRevalidate;

export async function action({ request, context: { services, clientIp } }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent") === "signup" ? "signup" : "signin";
  const result =
    intent === "signup"
      ? await signUp(services, request, clientIp, form)
      : await signIn(
          services,
          request,
          clientIp,
          form,
          afterSignIn(services, form.get(RETURN_PARAM), form.get(PENDING_PARAM)),
        );
  if (result instanceof Response) return result;
  return data({ intent, ...result, at: Date.now() }, { status: "error" in result ? 400 : 200 });
}

export const meta: Route.MetaFunction = () => [
  { title: `Giriş Yap | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page() {
  return <AuthForms />;
}
