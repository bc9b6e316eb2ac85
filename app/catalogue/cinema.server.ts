import { nowMs } from "~/core/clock.server";
import { FAMILY_FRIENDLY_RATINGS } from "./age-ratings";
import { toCards, type TitleCard } from "./cards";
import { tolerant, type Catalogue } from "./catalogue.server";
import { releaseWeekAt } from "./cinema-dates.server";
import type { CinemaRelease } from "./types";

/*
 * Vizyonda (issue #26): what opened in Turkish cinemas this release week, what else is
 * showing, and what opens in the coming weeks, from whichever source answers.
 */

/** The filter segment of /vizyonda/aile-dostu, as the genre pages name their family filter. */
const FAMILY_SEGMENT = "aile-dostu";

export interface CinemaPage {
  /** Only films rated for general audiences or young children in Türkiye ("Aile dostu"). */
  familyOnly: boolean;
  /** The current release week, Friday to Thursday (YYYY-MM-DD). */
  week: { start: string; end: string };
  /** "Bu Hafta Vizyonda"; null when the source failed (as for `showing`). */
  thisWeek: TitleCard[] | null;
  /** "Vizyondakiler": the rest of what is showing. */
  showing: TitleCard[] | null;
  /** "Yakında": soonest first; null when the source failed. */
  upcoming: TitleCard[] | null;
  /** A list failed: the page shows its error text and must not be cached. */
  failed: boolean;
}

/** Cards that show the Turkish opening day instead of the year. */
const cinemaCards = (releases: CinemaRelease[]): TitleCard[] =>
  toCards(releases)!.map((card, index) => ({
    ...card,
    releaseDay: releases[index]!.turkishReleaseDate,
  }));

const isFamilyFriendly = (release: CinemaRelease) =>
  release.ageRating !== null && FAMILY_FRIENDLY_RATINGS.includes(release.ageRating);

/**
 * The page for `/vizyonda` (no segment) or `/vizyonda/aile-dostu`; null for any other segment
 * (the route answers 404).
 */
export async function loadCinemaPage(
  catalogue: Catalogue,
  segment: string | undefined,
  now: number = nowMs(),
): Promise<CinemaPage | null> {
  if (segment !== undefined && segment !== FAMILY_SEGMENT) return null;
  const familyOnly = segment === FAMILY_SEGMENT;
  const week = releaseWeekAt(now);
  const [showing, upcoming] = await Promise.all([
    tolerant(catalogue.nowPlayingInTurkey()),
    tolerant(catalogue.upcomingInTurkey()),
  ]);
  const kept = (releases: CinemaRelease[] | null) =>
    releases && (familyOnly ? releases.filter(isFamilyFriendly) : releases);
  const showingNow = kept(showing.value);
  const comingSoon = kept(upcoming.value);
  const inWeek = (release: CinemaRelease) =>
    release.turkishReleaseDate >= week.start && release.turkishReleaseDate <= week.end;
  // A film opening later this week (rare: films open on Fridays) is already "this week's".
  const thisWeek = [...(showingNow ?? []), ...(comingSoon ?? [])].filter(inWeek);
  return {
    familyOnly,
    week,
    thisWeek: showingNow && cinemaCards(thisWeek),
    showing: showingNow && cinemaCards(showingNow.filter((release) => !inWeek(release))),
    upcoming: comingSoon && cinemaCards(comingSoon.filter((release) => !inWeek(release))),
    failed: showing.failed || upcoming.failed,
  };
}
