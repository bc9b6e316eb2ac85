import { data } from "react-router";
import { SITE_NAME } from "~/core/site";
import { UnsubscribePage } from "~/notifications/components/unsubscribe-page";
import { KIND_LABELS } from "~/notifications/labels";
import { readUnsubscribeToken, unsubscribe } from "~/notifications/unsubscribe.server";
import type { Route } from "./+types/notifications-unsubscribe";

const noStore = { "Cache-Control": "no-store" };

const scopeLabel = (kind: ReturnType<typeof readUnsubscribeToken>) =>
  kind === null
    ? null
    : kind.kind === "digest"
      ? "Bütün bildirim e-postaları"
      : KIND_LABELS[kind.kind];

/**
 * /bildirimler/abonelik/{token}: a signed link from a digest (no session needed). GET shows a
 * form (a mail scanner opening the link changes nothing); POST turns the e-mails off: the
 * form's, and RFC 8058's one-click from the mail program (`List-Unsubscribe=One-Click`).
 */
export function loader({ params, context: { services } }: Route.LoaderArgs) {
  const named = readUnsubscribeToken(services.env.authSecret, params.token);
  return data(
    { scope: scopeLabel(named), done: false },
    { status: named ? 200 : 404, headers: noStore },
  );
}

export async function action({ params, context: { services } }: Route.ActionArgs) {
  const named = readUnsubscribeToken(services.env.authSecret, params.token);
  const done = named
    ? await unsubscribe(services.database.db, services.env.authSecret, params.token)
    : false;
  return data({ scope: scopeLabel(named), done }, { status: done ? 200 : 404, headers: noStore });
}

export const headers = () => noStore;

export const meta = () => [
  { title: `E-posta aboneliği | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? loaderData;
  return <UnsubscribePage scope={answer.scope} done={answer.done} />;
}
