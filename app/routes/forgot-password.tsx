import { data } from "react-router";
import { requestPasswordReset } from "~/accounts/account-actions.server";
import { ForgotPasswordForm } from "~/accounts/components/password-forms";
import { SITE_NAME } from "~/core/site";
import { readForm } from "~/core/read-form.server";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context: { services, clientIp } }: Route.ActionArgs) {
  const result = await requestPasswordReset(services, clientIp, await readForm(request));
  return data({ ...result, at: Date.now() }, { status: "error" in result ? 400 : 200 });
}

export function loader({ context: { services } }: Route.LoaderArgs) {
  return { available: services.mailer.available };
}

export const meta = () => [
  { title: `Şifremi unuttum | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ForgotPasswordForm available={loaderData.available} />;
}
