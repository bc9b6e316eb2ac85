import { InvitePage } from "~/lists/components/invite-page";
import { acceptInviteAction, invitePage } from "~/lists/sharing.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import type { Route } from "./+types/list-invite";

/*
 * /liste-davet/{token}: a single-use invite to edit a list. The token is the only key: the page
 * cache never sees this path and logs print it as `[gizli]` (app/core/paths.ts).
 */
export function loader({ request, params, context: { services } }: Route.LoaderArgs) {
  return invitePage(services, request, params.token);
}

export function action({ request, params, context: { services } }: Route.ActionArgs) {
  return acceptInviteAction(services, request, params.token);
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `Liste daveti | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitePage page={loaderData} refused={actionData?.message} />;
}
