import { data, redirect } from "react-router";
import { verifySecondStep } from "~/accounts/account-actions.server";
import { SecondStepForm } from "~/accounts/components/password-forms";
import { getOptionalUser } from "~/accounts/guards.server";
import { paths } from "~/core/paths";
import { readForm } from "~/core/read-form.server";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/two-factor";

export async function loader({ request, context: { services } }: Route.LoaderArgs) {
  if (await getOptionalUser(request, services)) throw redirect(paths.dashboard);
  return null;
}

export async function action({ request, context: { services, clientIp } }: Route.ActionArgs) {
  const result = await verifySecondStep(services, request, clientIp, await readForm(request));
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
