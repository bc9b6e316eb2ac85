import { Form } from "react-router";
import { returnPath } from "~/core/return-path";
import { paths } from "~/core/paths";
import { FormMessage } from "~/ui/field";
import { Link } from "~/ui/link";
import type { CommentRefusal } from "../actions.server";

/** The fields sent again as they came, besides the text and "Sürpriz bozan içerir". */
const KEPT = ["intent", "targetType", "targetId", "parentId", "commentId", "returnTo"] as const;

/**
 * A comment refused without JavaScript (issue #38.4): the reason beside the box, the text as it
 * was typed, "Yeniden gönder" and the way back to the page it was written on.
 */
export function CommentRefusedPage({ answer }: { answer: CommentRefusal }) {
  const { fields } = answer;
  const editing = fields.intent === "edit-comment";
  const back = returnPath(fields.returnTo) ?? "/";
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">
        {editing ? "Yorumunuz kaydedilemedi" : "Yorumunuz gönderilemedi"}
      </h1>
      <Form
        key={answer.at}
        method="post"
        action={paths.commentAction}
        className="space-y-3"
        aria-label={editing ? "Düzenlenen yorum" : "Yorumunuz"}
      >
        {KEPT.map((name) =>
          fields[name] ? <input key={name} type="hidden" name={name} value={fields[name]} /> : null,
        )}
        <div id="yorum-reddi">
          <FormMessage tone="error">{answer.message}</FormMessage>
        </div>
        <label className="block space-y-1">
          <span className="font-medium">{editing ? "Düzenlenen yorum" : "Yorumunuz"}</span>
          <textarea
            name="body"
            rows={6}
            defaultValue={fields.body ?? ""}
            aria-describedby="yorum-reddi"
            aria-invalid
            className="block w-full rounded-lg border bg-background p-2 text-base outline-none focus:border-primary sm:text-sm"
          />
        </label>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="spoiler"
              defaultChecked={fields.spoiler === "on"}
              className="size-4"
            />
            Sürpriz bozan içerir
          </label>
          <button
            type="submit"
            className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground"
          >
            Yeniden gönder
          </button>
        </div>
      </Form>
      <p className="text-sm">
        <Link to={back} className="font-medium text-primary hover:underline">
          Vazgeçip sayfaya dönün
        </Link>
      </p>
    </div>
  );
}
