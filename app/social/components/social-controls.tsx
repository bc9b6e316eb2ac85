import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useCurrentUser } from "~/accounts/components/use-current-user";
import { formatCount, formatLongDate } from "~/core/format";
import { paths } from "~/core/paths";
import { useLibraryFetcher } from "~/library/components/use-library-fetcher";
import { cn } from "~/ui/cn";
import { Heart, MessageCircle } from "~/ui/icons";
import { Link } from "~/ui/link";
import { useHydrated } from "~/ui/use-hydrated";
import type { ShownComment, TargetSocial } from "../target-social.server";
import { SpoilerText } from "~/ui/spoiler";

/*
 * Beğen, yorumlar, Yanıtla, Düzenle, Sil and Bildir under a review or a public list (issue
 * #38.3-38.6). Every control is a plain form posting to /birlikte with a returnTo, so it works
 * without JavaScript; with JavaScript the same form goes through a fetcher (the page does not
 * jump, the loaders read the new counts). An anonymous reader sees the counts and a "Beğen" that
 * goes to sign-in and comes back.
 */

export type SocialTarget = { type: "review" | "list"; id: number };

const REPORT_REASONS = [
  ["spam", "İstenmeyen içerik (spam)"],
  ["abuse", "Hakaret, taciz ya da nefret söylemi"],
  ["spoiler", "İşaretlenmemiş sürpriz bozan"],
  ["other", "Diğer"],
] as const;

const small =
  "inline-flex min-h-8 items-center text-xs font-medium text-muted-foreground hover:text-foreground";

/** A form to /birlikte: a fetcher with JavaScript, a plain post without. */
function SocialForm({
  fetcherKey,
  fields,
  children,
  className,
  onAnswered,
  label,
}: {
  fetcherKey: string;
  fields: Record<string, string>;
  children: ReactNode;
  className?: string;
  /** Called once the server accepted what this form sent. */
  onAnswered?: (form: HTMLFormElement) => void;
  label?: string;
}) {
  const fetcher = useLibraryFetcher(fetcherKey);
  const location = useLocation();
  const hydrated = useHydrated();
  const ref = useRef<HTMLFormElement>(null);
  const answered = fetcher.data;
  useEffect(() => {
    if (answered?.ok && ref.current) onAnswered?.(ref.current);
    // Once per answer: `at` tells one from the next.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered?.at]);
  return (
    <fetcher.Form
      ref={ref}
      method="post"
      action={paths.socialAction}
      className={className}
      aria-label={label}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <fieldset disabled={fetcher.state !== "idle"} className="contents">
        {children}
      </fieldset>
    </fetcher.Form>
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
      <span className="text-muted-foreground" data-like-count="">
        {formatCount(likes)}
      </span>
    </>
  );
  if (!user)
    return (
      <Link
        to={paths.authReturningTo(location.pathname + location.search)}
        className={look}
        data-like=""
      >
        {content}
      </Link>
    );
  return (
    <SocialForm
      fetcherKey={`like-${target.type}-${target.id}`}
      fields={{
        intent: liked ? "unlike" : "like",
        targetType: target.type,
        targetId: String(target.id),
      }}
      className="contents"
    >
      <button type="submit" className={look} aria-pressed={liked} data-like="">
        {content}
      </button>
    </SocialForm>
  );
}

/** "Bildir": a reason and an optional note, in a <details> (no JavaScript needed). */
function ReportForm({
  target,
  align = "right",
}: {
  target: { type: "review" | "comment" | "list"; id: number };
  /** The side the small form opens from: a comment's Bildir is at the left of its row. */
  align?: "left" | "right";
}) {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <details className="group/report relative" data-report="">
      <summary className={cn(small, "cursor-pointer list-none py-1")}>Bildir</summary>
      <SocialForm
        fetcherKey={`report-${target.type}-${target.id}`}
        fields={{ intent: "report", targetType: target.type, targetId: String(target.id) }}
        className={cn(
          "absolute z-10 mt-1 w-72 max-w-[calc(100vw-2rem)] space-y-2 rounded-lg border bg-card p-3 text-sm shadow-lg",
          align === "right" ? "right-0" : "left-0",
        )}
        label="Bildir"
        onAnswered={(form) => form.closest("details")?.removeAttribute("open")}
      >
        <label className="block space-y-1">
          <span className="font-medium">Neden bildiriyorsunuz?</span>
          <select
            name="reason"
            required
            defaultValue=""
            className="block w-full rounded-md border bg-background p-2"
          >
            <option value="" disabled>
              Bir neden seçin
            </option>
            {REPORT_REASONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="block space-y-1">
          <span className="font-medium">Açıklama (isteğe bağlı)</span>
          <textarea
            name="details"
            maxLength={500}
            rows={2}
            className="block w-full rounded-md border bg-background p-2 text-base sm:text-sm"
          />
        </label>
        <button
          type="submit"
          className="rounded-md bg-primary px-3 py-1.5 font-medium text-primary-foreground"
        >
          Gönder
        </button>
      </SocialForm>
    </details>
  );
}

/** The text box of a comment, reply or edit, with "Sürpriz bozan içerir". */
function CommentFields({
  body = "",
  spoiler = false,
  submit,
  label,
}: {
  body?: string;
  spoiler?: boolean;
  submit: string;
  label: string;
}) {
  return (
    <>
      <label className="block space-y-1">
        <span className="sr-only">{label}</span>
        <textarea
          name="body"
          required
          maxLength={1000}
          rows={2}
          defaultValue={body}
          placeholder={label}
          className="block w-full rounded-lg border bg-background p-2 text-base outline-none focus:border-primary sm:text-sm"
        />
      </label>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" name="spoiler" defaultChecked={spoiler} className="size-4" />
          Sürpriz bozan içerir
        </label>
        <button
          type="submit"
          className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground"
        >
          {submit}
        </button>
      </div>
    </>
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
        <div className="flex flex-wrap items-start gap-x-3">
          {replies && (
            <details className="open:order-last open:w-full" data-reply="">
              <summary className={cn(small, "cursor-pointer list-none py-1")}>Yanıtla</summary>
              <SocialForm
                fetcherKey={`reply-${comment.id}`}
                fields={{
                  intent: "comment",
                  targetType: target.type,
                  targetId: String(target.id),
                  parentId: String(comment.id),
                }}
                className="mt-1 space-y-2"
                label="Yanıtla"
                onAnswered={(form) => {
                  form.reset();
                  form.closest("details")?.removeAttribute("open");
                }}
              >
                <CommentFields submit="Yanıtla" label="Yanıtınız" />
              </SocialForm>
            </details>
          )}
          {comment.editable && (
            <details className="open:order-last open:w-full" data-edit="">
              <summary className={cn(small, "cursor-pointer list-none py-1")}>Düzenle</summary>
              <SocialForm
                fetcherKey={`edit-${comment.id}`}
                fields={{ intent: "edit-comment", commentId: String(comment.id) }}
                className="mt-1 space-y-2"
                label="Düzenle"
                onAnswered={(form) => form.closest("details")?.removeAttribute("open")}
              >
                <CommentFields
                  body={comment.body}
                  spoiler={comment.spoiler}
                  submit="Kaydet"
                  label="Düzenlenen yorum"
                />
              </SocialForm>
            </details>
          )}
          {comment.deletable && (
            <SocialForm
              fetcherKey={`delete-${comment.id}`}
              fields={{ intent: "delete-comment", commentId: String(comment.id) }}
              className="contents"
            >
              <button type="submit" className={cn(small, "py-1 hover:text-danger")}>
                Sil
              </button>
            </SocialForm>
          )}
          {!comment.mine && (
            <ReportForm target={{ type: "comment", id: comment.id }} align="left" />
          )}
        </div>
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
        <details data-new-comment="">
          <summary className={cn(small, "cursor-pointer list-none py-1 text-sm text-primary")}>
            Yorum yaz
          </summary>
          <SocialForm
            fetcherKey={`comment-${target.type}-${target.id}`}
            fields={{ intent: "comment", targetType: target.type, targetId: String(target.id) }}
            className="mt-1 space-y-2"
            label="Yorum yazın"
            onAnswered={(form) => form.reset()}
          >
            <CommentFields submit="Gönder" label="Yorum yazın" />
          </SocialForm>
        </details>
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
  const count = social.comments.length;
  return (
    <div className="space-y-3" data-social={`${target.type}-${target.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <LikeButton target={target} likes={social.likes} liked={social.liked} />
        <span className="inline-flex items-center gap-1.5 px-1 text-sm text-muted-foreground">
          <MessageCircle className="size-4" aria-hidden />
          <span data-comment-count="">{formatCount(count)}</span> yorum
        </span>
        {reportable && (
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
