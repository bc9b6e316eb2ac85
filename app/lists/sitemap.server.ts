import { asc, count, eq } from "drizzle-orm";
import { paths } from "~/core/paths";
import type { Database } from "~/db/client.server";
import { lists } from "~/db/lists-schema";

/*
 * Public lists in the sitemap (`/sitemap/lists-N.xml`): only "Herkese açık" ones; unlisted and
 * private lists are never named anywhere a crawler reads.
 */

const LISTS_PER_DOCUMENT = 5_000;

/** The sitemap's part for lists: how many documents, and the addresses in each. */
export function listSitemap(db: Database) {
  return {
    name: "lists",
    async documents() {
      const [row] = await db
        .select({ n: count() })
        .from(lists)
        .where(eq(lists.visibility, "public"));
      return Math.ceil((row?.n ?? 0) / LISTS_PER_DOCUMENT);
    },
    async paths(index: number) {
      const rows = await db
        .select({ id: lists.id, name: lists.name })
        .from(lists)
        .where(eq(lists.visibility, "public"))
        .orderBy(asc(lists.id))
        .limit(LISTS_PER_DOCUMENT)
        .offset((index - 1) * LISTS_PER_DOCUMENT);
      return rows.map((list) => paths.list(list));
    },
  };
}
