import { data } from "react-router";
import type { AccountServices } from "~/accounts/account-services.server";
import { getOptionalUser, type CurrentUser } from "~/accounts/guards.server";
import { addDays, istanbulDay, today } from "~/core/clock.server";
import type { Env } from "~/core/env.server";
import { isServiceFailure, TRY_AGAIN_ACTION } from "~/core/failures.server";
import { paths } from "~/core/paths";
import { readForm } from "~/core/read-form.server";
import { STATUS_SLUGS, statusFromSlug } from "~/library/statuses";
import { dayHeading, groupByDay, PAGE_DAYS_AHEAD, PAGE_DAYS_BACK } from "./calendar-days";
import { feedCreatedAt, issueFeedToken, removeFeed } from "./calendar-feed.server";
import {
  calendarEpisodes,
  followedSeriesCount,
  type CalendarEpisode,
  type CalendarStatus,
} from "./calendar.server";

/** What the calendar needs: the accounts' services and the site's own address (for the feed). */
export interface CalendarServices extends AccountServices {
  env: Pick<Env, "publicSiteUrl">;
}

/** A line of the page: what it shows of an episode (its day is the group's). */
export type CalendarLine = Omit<CalendarEpisode, "airDate" | "status">;

export interface CalendarDay {
  day: string;
  heading: string;
  items: CalendarLine[];
}

export interface CalendarPageData {
  /** The `durum` slug in force, or undefined for both statuses. */
  filter: string | undefined;
  /** Today and the days ahead, first; then the last week's days. Both in airing order. */
  upcoming: CalendarDay[];
  recent: CalendarDay[];
  /** How many series the calendar follows; counted only when the page is empty (else null). */
  followed: number | null;
  /** The day (Istanbul's) the person's feed was made, or null when they have none. */
  feedCreatedOn: string | null;
}

export async function loadCalendarPage(
  services: CalendarServices,
  user: CurrentUser,
  url: URL,
): Promise<CalendarPageData> {
  const { db } = services.database;
  const status = statusFromSlug(url.searchParams.get("durum"));
  const statuses: CalendarStatus[] | undefined =
    status === "watching" || status === "plan_to_watch" ? [status] : undefined;
  const day = today();
  const [episodes, createdAt] = await Promise.all([
    calendarEpisodes(db, user.id, {
      from: addDays(day, -PAGE_DAYS_BACK),
      to: addDays(day, PAGE_DAYS_AHEAD),
      statuses,
    }),
    feedCreatedAt(db, user.id),
  ]);
  // Only an empty page needs it: to say "follow a series" or "nothing airs now".
  const followed = episodes.length > 0 ? null : await followedSeriesCount(db, user.id);
  // Only what a line shows goes into the page's data (about 500 lines for a heavy follower).
  const days = groupByDay(episodes).map((group) => ({
    day: group.day,
    heading: dayHeading(group.day, day),
    items: group.items.map(({ airDate, status, ...line }): CalendarLine => line),
  }));
  return {
    filter: statuses ? STATUS_SLUGS[statuses[0]!] : undefined,
    upcoming: days.filter((group) => group.day >= day),
    recent: days.filter((group) => group.day < day),
    followed,
    feedCreatedOn: createdAt ? istanbulDay(createdAt) : null,
  };
}

export interface FeedAnswer {
  ok: boolean;
  message: string;
  /** The feed's address, right after it was made: the only time the page can show it. */
  feedUrl?: string;
  at: number;
}

/**
 * The feed's forms on /takvim: make one (or a new one, which kills the old address) and remove
 * it. Without JavaScript a new address is shown on the page the post answers with (it cannot
 * travel in a redirect: it would land in the browser's history and the server's logs); every
 * other answer is a redirect with a toast.
 */
export async function calendarFeedAction(services: CalendarServices, request: Request) {
  let user: CurrentUser | null;
  try {
    user = await getOptionalUser(request, services);
  } catch {
    return services.flash.redirect(paths.calendar, "error", TRY_AGAIN_ACTION);
  }
  if (!user) return services.flash.redirect(paths.auth, "error", "Lütfen giriş yapın");
  const form = await readForm(request);
  const js = form.get("js") === "1";
  const reply = async (answer: Omit<FeedAnswer, "at">) => {
    if (js || answer.feedUrl) {
      return data({ ...answer, at: Date.now() }, { status: answer.ok ? 200 : 400 });
    }
    return services.flash.redirect(paths.calendar, answer.ok ? "success" : "error", answer.message);
  };
  const intent = form.get("intent");
  try {
    if (intent === "create") {
      const token = await issueFeedToken(services.database.db, user.id);
      return await reply({
        ok: true,
        message: "Takvim bağlantınız hazır",
        feedUrl: new URL(paths.calendarFeed(token), services.env.publicSiteUrl).toString(),
      });
    }
    if (intent === "remove") {
      const removed = await removeFeed(services.database.db, user.id);
      return await reply(
        removed
          ? { ok: true, message: "Takvim bağlantısı kaldırıldı" }
          : { ok: false, message: "Kaldırılacak bir takvim bağlantısı yok" },
      );
    }
    services.logger.warn({ form: "intent" }, "malformed calendar form");
    return await reply({ ok: false, message: "Bir hata oluştu" });
  } catch (error) {
    if (isServiceFailure(error))
      services.logger.warn({ err: String(error) }, "calendar feed change failed");
    else services.logger.error({ err: error }, "calendar feed change failed");
    return reply({ ok: false, message: TRY_AGAIN_ACTION });
  }
}
