import type { CurrentUser } from "~/accounts/guards.server";
import { today } from "~/core/clock.server";
import type { LibraryServices } from "~/library/library-services.server";
import { diaryPage, diaryYears, findDiaryEntry } from "./diary.server";
import { diaryFiltersSchema } from "./schemas";

/** /dashboard/gunluk's data: a page of entries (one query), the years to filter by, the filters. */
export async function loadDiaryPage(services: LibraryServices, user: CurrentUser, url: URL) {
  const filters = diaryFiltersSchema.parse({
    page: url.searchParams.get("sayfa") ?? undefined,
    year: url.searchParams.get("yil") ?? undefined,
    kind: url.searchParams.get("tur") ?? undefined,
  });
  const { db } = services.database;
  const [page, years] = await Promise.all([
    diaryPage(db, user.id, filters),
    diaryYears(db, user.id),
  ]);
  return { filters, years, ...page };
}

/** /dashboard/gunluk/{id}: the entry (null when it is not the person's) and today's date. */
export async function loadDiaryEntry(
  services: LibraryServices,
  user: CurrentUser,
  entryId: number,
) {
  return {
    entry: await findDiaryEntry(services.database.db, user.id, entryId),
    today: today(),
  };
}

export type DiaryPageData = Awaited<ReturnType<typeof loadDiaryPage>>;
