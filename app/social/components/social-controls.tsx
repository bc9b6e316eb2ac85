import { useCurrentUser } from "~/accounts/components/use-current-user";
import { formatCount, formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { useLocation } from "react-router";
import { cn } from "~/ui/cn";
import { Heart, MessageCircle } from "~/ui/icons";
import { lazyRendered } from "~/ui/lazy-rendered";
import { Link } from "~/ui/link";
import { SpoilerText } from "~/ui/spoiler";
import type { ShownComment, TargetSocial } from "../target-social.server";
import type { SocialTarget } from "./social-forms";

/*
 * Beğen, yorumlar, Yanıtla, Düzenle, Sil and Bildir under a review or a public list (issue
 * #38.3-38.6). Every control is a plain form posting to /birlikte with a returnTo, so it works
 * without JavaScript; with JavaScript the same form goes through a fetcher (the page does not
 * jump, the loaders read the new counts). An anonymous reader sees the counts and a "Beğen" that
 * goes to sign-in and comes back.
 *
 * This module is what every reader's page loads: the counts, the comments and the links to sign
 * in. The forms, only ever shown to a signed-in reader, are social-forms.tsx, loaded on first
 * use in the browser and rendered into the HTML by the server (`lazyRendered`, issue #34).
 */

const loadForms = () => import("./social-forms");
const LikeForm = lazyRendered(
  () => loadForms().then((forms) => forms.LikeForm),
  ({ className, children }) => (
    <button type="button" disabled className={className}>
      {children}
    </button>
  ),
);
const ReportForm = lazyRendered(() => loadForms().then((forms) => forms.ReportForm));
const CommentActions = lazyRendered(() => loadForms().then((forms) => forms.CommentActions));
const NewComment = lazyRendered(() => loadForms().then((forms) => forms.NewComment));

/**
 * The like count, a plain link to Beğenenler (who liked it) once someone has; the same for
 * every reader, so a cached anonymous page may carry it.
 */
function LikeCount({
  target,
  likes,
}: {
  target: { type: "review" | "diary" | "list"; id: number };
  likes: number;
}) {
  const count = (
    <span className="text-muted-foreground" data-like-count="">
      {formatCount(likes)}
    </span>
  );
  if (likes === 0) return <span className="px-1 text-sm">{count}</span>;
  return (
    <Link
      to={paths.likers(target)}
      className="inline-flex min-h-8 items-center px-1 text-sm hover:underline"
      aria-label={`${formatCount(likes)} beğeni: beğenenleri görün`}
      data-likers-link=""
    >
      {count}
    </Link>
  );
}

/** "Beğen" / "Beğendin" with the count; for an anonymous reader a link to sign in. */
export function LikeButton({
  target,
  likes,
  liked,
}: {
  target: { type: "review" | "diary" | "list"; id: number };
  likes: number;
  liked: boolean;
}) {
  const user = useCurrentUser();
  const location = useLocation();
  const look = cn(
    "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition hover:bg-muted",
    liked && "border-primary/40 bg-primary/10 text-primary",
  );
  const content = (
    <>
      <Heart className={cn("size-4", liked && "fill-current")} aria-hidden />
      {liked ? "Beğendin" : "Beğen"}
    </>
  );
  const count = <LikeCount target={target} likes={likes} />;
  if (!user)
    return (
      <span className="inline-flex items-center">
        <Link
          to={paths.authReturningTo(location.pathname + location.search)}
          className={look}
          data-like=""
        >
          {content}
        </Link>
        {count}
      </span>
    );
  return (
    <span className="inline-flex items-center">
      <LikeForm target={target} liked={liked} className={look}>
        {content}
      </LikeForm>
      {count}
    </span>
  );
}

function CommentItem({
  comment,
  target,
  replies,
  signedIn,
}: {
  comment: ShownComment;
  target: SocialTarget;
  replies?: ShownComment[];
  signedIn: boolean;
}) {
  return (
    <li className="space-y-1" data-comment={comment.id}>
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold">
          {comment.username ? (
            <Link to={paths.profile(comment.username)} className="hover:text-primary">
              {comment.name}
            </Link>
          ) : (
            comment.name
          )}
        </span>
        <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
          {formatLongDate(comment.createdAt.slice(0, 10))}
          {comment.edited && " · düzenlendi"}
        </time>
      </div>
      <SpoilerText
        text={comment.body}
        spoiler={comment.spoiler}
        className="text-sm break-words whitespace-pre-line"
      />
      {signedIn && (
        <CommentActions comment={comment} target={target} replyable={replies !== undefined} />
      )}
      {replies && replies.length > 0 && (
        <ul className="mt-2 space-y-3 border-l-2 pl-3">
          {replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} target={target} signedIn={signedIn} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The comments of a review or list, replies one level deep, and the form for a new one. */
function Comments({ target, social }: { target: SocialTarget; social: TargetSocial }) {
  const user = useCurrentUser();
  const location = useLocation();
  const top = social.comments.filter((comment) => comment.parentId === null);
  return (
    <div className="space-y-3" data-comments="">
      {top.length > 0 && (
        <ul className="space-y-4">
          {top.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              target={target}
              signedIn={Boolean(user)}
              replies={social.comments.filter((reply) => reply.parentId === comment.id)}
            />
          ))}
        </ul>
      )}
      {user ? (
        <NewComment target={target} />
      ) : (
        <p className="text-sm text-muted-foreground">
          <Link
            to={paths.authReturningTo(location.pathname + location.search)}
            className="font-medium text-primary hover:underline"
          >
            Giriş yapın
          </Link>
          , yorum yazın.
        </p>
      )}
    </div>
  );
}

/** Beğen, the comment count and Bildir in a row, the comments below, for a review or a list. */
export function SocialBar({
  target,
  social,
  reportable = true,
}: {
  target: SocialTarget;
  social: TargetSocial;
  /** False on the reader's own review or list: nobody reports themselves. */
  reportable?: boolean;
}) {
  const user = useCurrentUser();
  const count = social.comments.length;
  return (
    <div className="space-y-3" data-social={`${target.type}-${target.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <LikeButton target={target} likes={social.likes} liked={social.liked} />
        <span className="inline-flex items-center gap-1.5 px-1 text-sm text-muted-foreground">
          <MessageCircle className="size-4" aria-hidden />
          <span data-comment-count="">{formatCount(count)}</span> yorum
        </span>
        {reportable && user && (
          <span className="ml-auto">
            <ReportForm target={target} />
          </span>
        )}
      </div>
      <Comments target={target} social={social} />
    </div>
  );
}

/** What goes under each review of a detail page (ReviewsSection's `social`). */
export function reviewSocialSlot(social: Record<number, TargetSocial>) {
  function ReviewSocial(review: { id: number; own: boolean }) {
    const shown = social[review.id];
    return shown ? (
      <SocialBar
        target={{ type: "review", id: review.id }}
        social={shown}
        reportable={!review.own}
      />
    ) : null;
  }
  return ReviewSocial;
}
