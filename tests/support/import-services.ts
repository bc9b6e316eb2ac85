import type { Catalogue } from "~/catalogue/catalogue.server";
import type { ItemChanges } from "~/core/item-changes.server";
import type { Logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import type { JobQueue } from "~/db/jobs.server";
import type { ImportServices } from "~/history/import/imports.server";
import type { ImportListWriter } from "~/history/import/write.server";

/**
 * What the import needs, for a db test that runs its steps itself: the test's database and
 * catalogue, a job queue that only tells `queued` which import was sent (the test runs it), no
 * page cache to drop, and lists left alone unless the test hands in its writer.
 */
export function importServices(
  database: { db: Database },
  catalogue: Catalogue,
  logger: Logger,
  {
    queued = [],
    putImportedItem = async () => "added",
  }: { queued?: number[]; putImportedItem?: ImportListWriter["putImportedItem"] } = {},
): ImportServices {
  const jobs = {
    send: async (_name: string, data: { importId: number }) => {
      queued.push(data.importId);
      return "job";
    },
  } as unknown as JobQueue;
  const changes = { changed: async () => undefined } as unknown as ItemChanges;
  return { database, catalogue, logger, jobs, changes, importLists: { putImportedItem } };
}
