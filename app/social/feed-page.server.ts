import { getOptionalUser } from "~/accounts/guards.server";
import { paths } from "~/core/paths";
import type { LibraryServices } from "~/library/library-services.server";
import type { Database } from "~/db/client.server";
import { unwatchedTitles } from "./fold-unwatched.server";
import { groupFeed, readFeed, type FeedRow } from "./feed.server";

/** Of a feed page's rows with words, the titles the reader folds as not watched yet. */
export function unwatchedInFeed(db: Database, readerId: string, rows: readonly FeedRow[]) {
  return unwatchedTitles(
    db,
    readerId,
    rows.flatMap((row) =>
      row.text && row.itemType && row.itemId ? [{ type: row.itemType, id: row.itemId }] : [],
    ),
  );
}

/** The home page's first section for a signed-in reader: the feed's first groups. */
const HOME_GROUPS = 8;

export async function homeFeed(services: LibraryServices, request: Request) {
  const user = await getOptionalUser(request, services);
  if (!user) return null;
  try {
    const { rows, next } = await readFeed(services.database.db, user.id, null);
    const groups = groupFeed(rows);
    const unwatched = await unwatchedInFeed(services.database.db, user.id, rows);
    const more = groups.length > HOME_GROUPS || next !== null;
    return {
      groups: groups.slice(0, HOME_GROUPS),
      unwatched,
      // "Daha fazla" leads to /akis, which shows the whole first page and the rest.
      nextHref: more ? paths.feed() : null,
    };
  } catch (error) {
    // The catalogue's grids still make a home page.
    services.logger.warn({ err: String(error) }, "home: feed not read");
    return null;
  }
}
