import { tolerant } from "~/catalogue/catalogue.server";
import { recordMissingTitleFacts } from "~/catalogue/title-facts.server";
import type { AccountServices } from "~/accounts/account-services.server";
import type { CurrentUser } from "~/accounts/guards.server";
import { forSignedInUser } from "~/accounts/signed-in-form.server";
import { formatCount, formatLongDate } from "~/core/format";
import { now, today } from "~/core/clock.server";
import { answer, refusedWith } from "~/core/form-answer.server";
import { overCatalogueBudget } from "~/library/catalogue-budget.server";
import { STATUS_LABELS } from "~/library/statuses";
import {
  logEpisode,
  markEpisode,
  markSeason,
  markUpTo,
  syncSeriesStatus,
  unmarkEpisode,
  unmarkSeason,
  type EpisodeKey,
  type MarkOutcome,
  type WatchedWhen,
} from "./marks.server";
import { followSeries, refreshSeries, type TrackingServices } from "./schedule.server";
import type { WatchedWhenChoice } from "./mark-intents";
import {
  DAY_IN_FUTURE,
  DAY_MISSING,
  episodeLogSchema,
  markFormSchema,
  NO_EPISODE,
} from "./schemas";

/*
 * POST /bolum-izle: the episode-mark forms of the episode, season and dashboard pages. As the
 * watchlist's forms: the owner is the session's user, never a field; an anonymous visitor is sent
 * to sign in before the body is read; with JavaScript (js=1) the answer is data for a toast,
 * without it a redirect back with the toast in a cookie; bad input is answered in Turkish and
 * stores nothing; nothing is ever a 500.
 */

export type MarkServices = TrackingServices & AccountServices;

const NOT_AIRED = "Bu bölüm henüz yayınlanmadı";
const NOTHING_AIRED = "Bu sezonun henüz yayınlanmış bir bölümü yok";
const NO_SEASON = "Bu sezon bulunamadı";
const NOTHING_MARKED_IN_SEASON = "Bu sezonda işaretli bölüm yok";
const EPISODE_NOT_MARKED = "Bu bölüm işaretli değil";

/** A bulk mark's date as the form chose it; a message when the chosen day will not do. */
function watchedWhen(choice: WatchedWhenChoice, day: string | undefined): WatchedWhen | string {
  if (choice === "air") return { kind: "air" };
  if (choice === "unknown") return { kind: "unknown" };
  if (choice === "now") return { kind: "now", at: now() };
  if (!day) return DAY_MISSING;
  if (day > today()) return DAY_IN_FUTURE;
  return { kind: "day", day };
}

/** What a bulk mark's toast adds about its date. */
const WHEN_NOTES: Record<WatchedWhen["kind"], string> = {
  now: "",
  air: " (yayın tarihleriyle)",
  day: "",
  unknown: " (tarihsiz)",
};

/** A mark's answer: whether it worked and the toast's text. */
const reply = (services: MarkServices, form: FormData, ok: boolean, message: string) =>
  answer(services, form, { ok, message });

export function markAction(services: MarkServices, request: Request) {
  return forSignedInUser(services, request, (user, form) => change(services, user, form));
}

async function change(services: MarkServices, user: CurrentUser, form: FormData) {
  const parsed = markFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return reply(services, form, false, parsed.error.issues[0]!.message);
  const { intent, seriesId, season, episode } = parsed.data;
  const { db } = services.database;
  const day = today();
  const when = watchedWhen(parsed.data.when, parsed.data.day);
  if (typeof when === "string") return reply(services, form, false, when);
  const note = WHEN_NOTES[when.kind];

  if (intent === "unmark-season") {
    const removed = await unmarkSeason(db, user.id, seriesId, season);
    // Says what happened: nothing to take back is not "taken back".
    if (!removed) return reply(services, form, true, NOTHING_MARKED_IN_SEASON);
    const status = await syncSeriesStatus(db, user.id, seriesId, day);
    return reply(
      services,
      form,
      true,
      withStatus(`${season}. Sezonun işaretleri kaldırıldı`, status),
    );
  }
  if (intent === "season") {
    const marked = await twice(services, user, { seriesId, seasonNumber: season }, () =>
      markSeason(db, user.id, seriesId, season, day, when),
    );
    if ("refused" in marked) return reply(services, form, false, marked.refused);
    if (!marked.found) return reply(services, form, false, NO_SEASON);
    if (!marked.aired) return reply(services, form, false, NOTHING_AIRED);
    return reply(
      services,
      form,
      true,
      withStatus(
        `${season}. Sezon izlendi olarak işaretlendi${note}`,
        await statusAfter(services, user, seriesId, marked),
      ),
    );
  }

  if (episode === undefined) return reply(services, form, false, NO_EPISODE);
  const key = { seriesId, seasonNumber: season, episodeNumber: episode };
  if (intent === "unmark") {
    const removed = await unmarkEpisode(db, user.id, key);
    if (!removed) return reply(services, form, true, EPISODE_NOT_MARKED);
    const status = await syncSeriesStatus(db, user.id, seriesId, day);
    return reply(services, form, true, withStatus("Bölümün işareti kaldırıldı", status));
  }
  const marked = await twice(services, user, key, () =>
    intent === "up-to"
      ? markUpTo(db, user.id, key, day, when)
      : markEpisode(db, user.id, key, day, now()),
  );
  if ("refused" in marked) return reply(services, form, false, marked.refused);
  if (!marked.found) return reply(services, form, false, NO_EPISODE);
  if (!marked.aired) return reply(services, form, false, NOT_AIRED);
  const status = await statusAfter(services, user, seriesId, marked);
  const message =
    intent !== "up-to"
      ? "Bölüm izlendi olarak işaretlendi"
      : marked.changed
        ? `${season}. Sezon ${episode}. Bölüme kadar ${formatCount(marked.changed)} bölüm işaretlendi${note}`
        : `${season}. Sezon ${episode}. Bölüme kadar hepsi zaten izlendi olarak işaretli`;
  return reply(services, form, true, withStatus(message, status));
}

/** Sets Puanım of an episode: history's, so the page that composes both hands it in. */
export type RateEpisode = (userId: string, key: EpisodeKey, rating: number) => Promise<void>;

/** What a refused İzledim sheet sends back to its page, so nothing typed is lost. */
const LOG_FIELDS = ["watchedOn", "rating", "rewatch"] as const;

/**
 * The episode page's İzledim sheet, posted to the page itself (as the film's sheet, decision
 * 029): marks the episode watched on the chosen day, with "Tekrar izledim" moves an earlier
 * mark to that day, and sets Puanım when one is chosen (`rate`). Unaired episodes are refused as
 * by the one-tap mark. A refusal is answered on the page with what was typed; a success as
 * every mark (a toast; without JavaScript a redirect back).
 */
export function episodeLogAction(services: MarkServices, request: Request, rate: RateEpisode) {
  return forSignedInUser(services, request, async (user, form) => {
    const day = today();
    const refused = (message: string) => refusedWith(form, LOG_FIELDS, message);
    const parsed = episodeLogSchema(day).safeParse(Object.fromEntries(form));
    if (!parsed.success) return refused(parsed.error.issues[0]!.message);
    const { seriesId, season, episode, watchedOn, rating, rewatch } = parsed.data;
    const key = { seriesId, seasonNumber: season, episodeNumber: episode };
    const { db } = services.database;
    const logged = await twice(services, user, key, () =>
      logEpisode(db, user.id, key, { day: watchedOn, today: day, at: now(), rewatch }),
    );
    if ("refused" in logged) return refused(logged.refused);
    if (!logged.found) return refused(NO_EPISODE);
    if (!logged.aired) return refused(NOT_AIRED);
    if (rating !== null) await rate(user.id, key, rating);
    const status = await statusAfter(services, user, seriesId, logged);
    const on =
      logged.watchedOn && logged.watchedOn !== day ? ` (${formatLongDate(logged.watchedOn)})` : "";
    const what = !logged.before
      ? `Bölüm izlendi olarak işaretlendi${on}`
      : logged.changed
        ? `Bölümü tekrar izlediniz${on || " (bugün)"}`
        : "Bölüm zaten işaretli; önceki izleme tarihi kaldı";
    const message = rating !== null ? `${what} · Puanınız: ${rating}/10` : what;
    return answer(services, form, { ok: true, message: withStatus(message, status) });
  });
}

/**
 * Runs a mark. When nothing was found: a series never read is read now (`followSeries`), and a
 * series read before this episode was announced is read again, but only when the catalogue
 * knows the episode (junk numbers cost no refresh). Then the mark is tried once more. Asking
 * the catalogue spends the person's catalogue budget: when it is spent, the refusal.
 */
async function twice<Outcome extends MarkOutcome>(
  services: MarkServices,
  user: CurrentUser,
  key: { seriesId: number; seasonNumber: number; episodeNumber?: number },
  mark: () => Promise<Outcome>,
): Promise<Outcome | { refused: string }> {
  const first = await mark();
  if (first.found) return first;
  const spent = await overCatalogueBudget(services.database.db, user.id);
  if (spent) return { refused: spent };
  await followSeries(services, key.seriesId);
  const second = await mark();
  if (second.found || key.episodeNumber === undefined) return second;
  const { value: known } = await tolerant(
    services.catalogue.episode(key.seriesId, key.seasonNumber, key.episodeNumber),
  );
  if (!known) return second;
  await refreshSeries(services, key.seriesId);
  return mark();
}

/** The watchlist status after a mark; the first mark of a series also starts following it. */
async function statusAfter(
  services: MarkServices,
  user: CurrentUser,
  seriesId: number,
  marked: MarkOutcome,
) {
  if (!marked.changed) return null;
  await rememberSeriesFacts(services, seriesId);
  const status = await syncSeriesStatus(services.database.db, user.id, seriesId, today());
  // Moved to İzliyorum: the person started following it (the refresh is queued when due).
  if (status === "watching") await followSeries(services, seriesId);
  return status;
}

/**
 * Keeps the series' facts (cast, creators, genres) the first time one of its episodes is marked,
 * so the year summary counts the people of the episodes watched. A catalogue that fails now is
 * logged: the mark stands, and the next mark tries again.
 */
async function rememberSeriesFacts(services: MarkServices, seriesId: number) {
  try {
    await recordMissingTitleFacts(services, [{ type: "tv", id: seriesId }]);
  } catch (error) {
    services.logger.warn({ seriesId, err: String(error) }, "series facts not kept");
  }
}

const withStatus = (message: string, status: keyof typeof STATUS_LABELS | null) =>
  status ? `${message} · Durum: ${STATUS_LABELS[status]}` : message;
