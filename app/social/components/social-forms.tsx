import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import { paths } from "~/core/paths";
import { useLibraryFetcher } from "~/library/components/use-library-fetcher";
import { cn } from "~/ui/cn";
import { FormMessage } from "~/ui/field";
import { SpoilerCheckbox } from "~/ui/spoiler";
import { useHydrated } from "~/ui/use-hydrated";
import type { ShownComment } from "../target-social.server";

/*
 * The signed-in half of the social controls (social-controls.tsx): the like form, the comment
 * forms, Yanıtla, Düzenle, Sil and Bildir. An anonymous page never shows them, so they are a
 * chunk of their own (`lazyRendered`): the server still puts them in a signed-in reader's HTML,
 * where they work as plain form posts before and without JavaScript.
 */

/** What a comment is on: a review or a public list. */
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
  action = paths.socialAction,
}: {
  /** Comments post to their own address, whose refusal without JavaScript is a page. */
  action?: string;
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
    <fetcher.Form ref={ref} method="post" action={action} className={className} aria-label={label}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      {action === paths.commentAction && answered && !answered.ok && (
        // A refused comment keeps its text in the box; the reason stands beside it.
        <FormMessage tone="error">{answered.message}</FormMessage>
      )}
      <fieldset disabled={fetcher.state !== "idle"} className="contents">
        {children}
      </fieldset>
    </fetcher.Form>
  );
}

/** "Beğen" / "Beğendin" as a form; `children` is the button's face (the count included). */
export function LikeForm({
  target,
  liked,
  className,
  children,
}: {
  target: { type: "review" | "diary" | "list"; id: number };
  liked: boolean;
  className: string;
  children: ReactNode;
}) {
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
      <button type="submit" className={className} aria-pressed={liked} data-like="">
        {children}
      </button>
    </SocialForm>
  );
}

/** "Bildir": a reason and an optional note, in a <details> (no JavaScript needed). */
export function ReportForm({
  target,
  align = "right",
}: {
  target: { type: "review" | "comment" | "list"; id: number };
  /** The side the small form opens from: a comment's Bildir is at the left of its row. */
  align?: "left" | "right";
}) {
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
        <SpoilerCheckbox defaultChecked={spoiler} />
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

/** Under a comment, for a signed-in reader: Yanıtla (top-level comments), Düzenle, Sil, Bildir. */
export function CommentActions({
  comment,
  target,
  replyable,
}: {
  comment: ShownComment;
  target: SocialTarget;
  /** A top-level comment: replies go one level deep. */
  replyable: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start gap-x-3">
      {replyable && (
        <details className="open:order-last open:w-full" data-reply="">
          <summary className={cn(small, "cursor-pointer list-none py-1")}>Yanıtla</summary>
          <SocialForm
            fetcherKey={`reply-${comment.id}`}
            action={paths.commentAction}
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
            action={paths.commentAction}
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
      {!comment.mine && <ReportForm target={{ type: "comment", id: comment.id }} align="left" />}
    </div>
  );
}

/** "Yorum yaz": the form for a new comment on a review or list, folded in a <details>. */
export function NewComment({ target }: { target: SocialTarget }) {
  return (
    <details data-new-comment="">
      <summary className={cn(small, "cursor-pointer list-none py-1 text-sm text-primary")}>
        Yorum yaz
      </summary>
      <SocialForm
        fetcherKey={`comment-${target.type}-${target.id}`}
        action={paths.commentAction}
        fields={{ intent: "comment", targetType: target.type, targetId: String(target.id) }}
        className="mt-1 space-y-2"
        label="Yorum yazın"
        onAnswered={(form) => form.reset()}
      >
        <CommentFields submit="Gönder" label="Yorum yazın" />
      </SocialForm>
    </details>
  );
}
