import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { REPORT_REASONS, SOCIAL_LIMITS, type ReportReason } from "~/db/social-schema";

/*
 * Bildir (issue #38.6): a review, comment or list reported with a reason, stored for an operator
 * (`npm run reports` lists them with counts). One report per person and target; only what the
 * reporter could see can be reported.
 */

export type ReportTarget = { type: "review" | "comment" | "list"; id: number };

const COLUMN = { review: sql`review_id`, comment: sql`comment_id`, list: sql`list_id` } as const;

function visible(target: ReportTarget) {
  switch (target.type) {
    case "review":
      return sql`select 1 from reviews where id = ${target.id} and comment is not null`;
    case "comment":
      return sql`select 1 from comments where id = ${target.id}`;
    case "list":
      return sql`select 1 from lists where id = ${target.id} and visibility = 'public'`;
  }
}

export async function report(
  db: Database,
  reporterId: string,
  target: ReportTarget,
  reason: unknown,
  details: unknown,
): Promise<{ ok: true } | { ok: false; error: string }> {
  if (!REPORT_REASONS.includes(reason as ReportReason))
    return { ok: false, error: "Lütfen bir neden seçin." };
  const text = typeof details === "string" ? details.trim() : "";
  if (text.includes("\u0000") || [...text].length > SOCIAL_LIMITS.reportDetailsMax)
    return { ok: false, error: "Açıklama en fazla 500 karakter olabilir." };
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`insert into reports (reporter_id, ${COLUMN[target.type]}, reason, details)
        select ${reporterId}, ${target.id}, ${reason as string}, ${text || null}
        where exists (${visible(target)})
        on conflict do nothing
        returning true as ok`,
  );
  if (rows.length) return { ok: true };
  const [seen] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (${visible(target)}) as found`,
  );
  // Reported twice: the first report stands, and the person is told it was received.
  return seen?.found ? { ok: true } : { ok: false, error: "Bildirilecek içerik bulunamadı." };
}
