import { MARK_INTENTS, type MarkIntent } from "./mark-intents";

/*
 * The optimistic side of the episode marks: while a mark form is on its way (and while the page
 * reloads its data after it), the page shows what the form will do. Pure, so it is the same on
 * every page and testable without a browser.
 */

export interface PendingMark {
  intent: MarkIntent;
  seriesId: number;
  season: number;
  episode: number | null;
}

/** The mark forms among the page's in-flight fetchers (`useFetchers()`), for one series. */
export function pendingMarks(
  fetchers: readonly { formAction?: string; formData?: FormData }[],
  action: string,
  seriesId: number,
): PendingMark[] {
  const marks: PendingMark[] = [];
  for (const fetcher of fetchers) {
    if (fetcher.formAction !== action || !fetcher.formData) continue;
    const intent = fetcher.formData.get("intent");
    const mark = {
      intent: MARK_INTENTS.find((known) => known === intent),
      seriesId: Number(fetcher.formData.get("seriesId")),
      season: Number(fetcher.formData.get("season")),
      episode: Number(fetcher.formData.get("episode")) || null,
    };
    if (mark.intent && mark.seriesId === seriesId) marks.push({ ...mark, intent: mark.intent });
  }
  return marks;
}

/**
 * The episodes of one season shown as watched: the marks the page loaded, with the pending
 * forms applied in order. Only aired episodes can be marked, as on the server.
 */
export function applyMarks(
  watched: readonly number[],
  aired: readonly number[],
  seasonNumber: number,
  marks: readonly PendingMark[],
): Set<number> {
  const shown = new Set(watched);
  for (const mark of marks) {
    if (mark.intent === "up-to" && mark.season > seasonNumber && mark.episode !== null)
      for (const episode of aired) shown.add(episode);
    if (mark.season !== seasonNumber) continue;
    if (mark.intent === "season") for (const episode of aired) shown.add(episode);
    if (mark.intent === "unmark-season") shown.clear();
    if (mark.episode === null) continue;
    if (mark.intent === "mark" && aired.includes(mark.episode)) shown.add(mark.episode);
    if (mark.intent === "unmark") shown.delete(mark.episode);
    if (mark.intent === "up-to")
      for (const episode of aired) if (episode <= mark.episode) shown.add(episode);
  }
  return shown;
}
