import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { SITE_NAME } from "~/core/site";
import { socialAction } from "~/social/actions.server";
import { CommentRefusedPage } from "~/social/components/comment-refused-page";
import { Link } from "~/ui/link";
import type { Route } from "./+types/comment-action";

/**
 * Yorum, yanıt and düzenle (issue #38.4). With JavaScript the answer is data for the form on its
 * page; without, a success goes back there and a refusal is this page: the text in its box and
 * the reason beside it, nothing lost.
 */
export function action({ request, context: { services } }: Route.ActionArgs) {
  return socialAction(services, request);
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `Yorumunuz gönderilemedi | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

/*
 * No loader redirects away: after a refused post the page's loaders run for its render, and a
 * redirect there would take the text away. Opened by its address, it says there is nothing here.
 */
export default function Page({ actionData }: Route.ComponentProps) {
  if (actionData && "fields" in actionData) return <CommentRefusedPage answer={actionData} />;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <p>Gönderilmeyi bekleyen bir yorumunuz yok.</p>
      <Link to="/" className="font-medium text-primary hover:underline">
        Ana sayfaya dönün
      </Link>
    </div>
  );
}
