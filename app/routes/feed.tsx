import { requireUser } from "~/accounts/guards.server";
import { PRIVATE_PAGE_CACHE } from "~/core/http-cache";
import { paths } from "~/core/paths";
import { SITE_NAME } from "~/core/site";
import { FeedList } from "~/social/components/feed-list";
import { LikeButton } from "~/social/components/social-controls";
import { feedCursorText, groupFeed, parseFeedCursor, readFeed } from "~/social/feed.server";
import { feedLikes } from "~/social/target-social.server";
import { unwatchedInFeed } from "~/social/feed-page.server";
import type { Route } from "./+types/feed";

/** /akis: what the people the reader follows watched (issue #38.2). Never in a shared cache. */
export async function loader({ request, url, context: { services } }: Route.LoaderArgs) {
  const user = await requireUser(request, services);
  const cursor = parseFeedCursor(url.searchParams.get("once"));
  const { db } = services.database;
  const { rows, next } = await readFeed(db, user.id, cursor);
  const [likes, unwatched] = await Promise.all([
    feedLikes(db, rows, user.id),
    unwatchedInFeed(db, user.id, rows),
  ]);
  return {
    groups: groupFeed(rows),
    nextHref: next ? paths.feed(feedCursorText(next)) : null,
    likes,
    unwatched,
  };
}

export const headers = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE });

export const meta = () => [
  { title: `Akış | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Akış</h1>
      <FeedList
        groups={loaderData.groups}
        nextHref={loaderData.nextHref}
        unwatched={loaderData.unwatched}
        likeFor={(row) => {
          const type = row.kind === "reviewed" ? "review" : "diary";
          const like = loaderData.likes[`${type}-${row.id}`];
          return like ? (
            <LikeButton target={{ type, id: row.id }} likes={like.likes} liked={like.liked} />
          ) : null;
        }}
      />
    </div>
  );
}
