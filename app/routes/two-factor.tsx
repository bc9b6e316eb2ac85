import { data, redirect } from "react-router";
import { verifySecondStep } from "~/accounts/account-actions.server";
import { SecondStepForm } from "~/accounts/components/password-forms";
import { getOptionalUser } from "~/accounts/guards.server";
import { paths } from "~/core/paths";
import { readForm } from "~/core/read-form.server";
import { PENDING_PARAM, RETURN_PARAM, returnPath } from "~/core/return-path";
import { afterSignIn } from "~/sign-in-next.server";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/two-factor";

export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  if (await getOptionalUser(request, services))
    throw redirect(
      returnPath(new URL(request.url).searchParams.get(RETURN_PARAM)) ?? paths.dashboard,
    );
  return null;
}

export async function action({ request, context: { services, clientIp } }: Route.ActionArgs) {
  const form = await readForm(request);
  // Back to the page the sign-in started from, with what was asked there (issue #33.8).
  const next = afterSignIn(services, form.get(RETURN_PARAM), form.get(PENDING_PARAM));
  const result = await verifySecondStep(services, request, clientIp, form, next);
  if (result instanceof Response) return result;
  return data({ ...result, at: Date.now() }, { status: 400 });
}

export const meta = () => [
  { title: `İki adımlı doğrulama | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page() {
  return <SecondStepForm />;
}
