import { data } from "react-router";
import { resetPassword } from "~/accounts/account-actions.server";
import { ResetPasswordForm } from "~/accounts/components/password-forms";
import { SITE_NAME } from "~/core/site";
import { readForm } from "~/core/read-form.server";
import type { Route } from "./+types/reset-password";

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request, context: { services } }: Route.ActionArgs) {
  const result = await resetPassword(services, await readForm(request));
  if (result instanceof Response) return result;
  return data({ ...result, at: Date.now() }, { status: 400 });
}

export const meta = () => [
  { title: `Yeni şifre | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ResetPasswordForm token={loaderData.token} />;
}
