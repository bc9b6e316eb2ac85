import { sql, type SQL } from "drizzle-orm";
import type { Catalogue } from "~/catalogue/catalogue.server";
import { releaseWeekAt } from "~/catalogue/cinema-dates.server";
import { addDays, nowMs, today } from "~/core/clock.server";
import { paths } from "~/core/paths";
import { queryRows, type Database } from "~/db/client.server";
import type { NotificationPayload } from "~/db/notifications-schema";
import { wanted } from "~/db/notification-channels.server";

/*
 * Detection (issue #36, decision 035): each function finds one kind of event and writes a
 * notification for every person it concerns, in batches, with one INSERT … SELECT per batch (the
 * fan-out runs in the database). The (person, kind, subject) key makes a second run a no-op.
 * A person who turned a kind off on every channel gets no row for it.
 */

/** Series (or titles) fanned out per statement. */
const FAN_OUT_BATCH = 200;

/** When a notification is made, by the site's clock (tests run on a chosen day). */
const stamp = (at: number = nowMs()) => sql`${new Date(at).toISOString()}::timestamptz`;

/** Rows inserted by a fan-out statement. */
async function inserted(db: Database, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return result.rowCount ?? result.affectedRows ?? 0;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

interface AiredEpisode {
  seriesId: number;
  seriesName: string;
  seasonNumber: number;
  episodeNumber: number;
  episodeName: string;
}

/** "Şahsiyet: 2 yeni bölüm", the episodes named, linking to the one episode or its season. */
function episodePayload(episodes: readonly AiredEpisode[]): NotificationPayload {
  const first = episodes[0]!;
  const named = episodes
    .map((episode) => `${episode.seasonNumber}. Sezon ${episode.episodeNumber}. Bölüm`)
    .join(", ");
  return episodes.length === 1
    ? {
        title: `${first.seriesName}: yeni bölüm`,
        body: `${named}: ${first.episodeName}`,
        url: paths.episode(first.seriesId, first.seasonNumber, first.episodeNumber),
      }
    : {
        title: `${first.seriesName}: ${episodes.length} yeni bölüm`,
        body: named,
        url: paths.season(first.seriesId, first.seasonNumber),
      };
}

/**
 * Episodes of followed series (İzliyorum, İzleyeceğim) that air on `day` (Istanbul's, default
 * today by the site clock), one notification per person and series ("Şahsiyet: 2 yeni bölüm").
 * A person who already marked every one of them watched gets none: that change was theirs.
 */
export async function detectAiredEpisodes(
  db: Database,
  day: string = today(),
): Promise<{ series: number; notifications: number }> {
  const aired = await queryRows<AiredEpisode>(
    db,
    sql`select e.series_id as "seriesId", s.name as "seriesName",
          e.season_number as "seasonNumber", e.episode_number as "episodeNumber",
          e.name as "episodeName"
        from tracked_episodes e join tracked_series s on s.series_id = e.series_id
        where e.air_date = ${day}
          and exists (select 1 from watchlist w where w.item_type = 'tv' and w.item_id = e.series_id
                        and w.status in ('watching', 'plan_to_watch'))
        order by e.series_id, e.season_number, e.episode_number`,
  );
  const bySeries = new Map<number, AiredEpisode[]>();
  for (const episode of aired) {
    const list = bySeries.get(episode.seriesId) ?? [];
    list.push(episode);
    bySeries.set(episode.seriesId, list);
  }
  let count = 0;
  for (const batch of chunks([...bySeries.values()], FAN_OUT_BATCH)) {
    const rows = batch.map((episodes) => {
      const { seriesId } = episodes[0]!;
      return sql`(${seriesId}::int, ${`tv:${seriesId}:${day}`}::text, ${JSON.stringify(episodePayload(episodes))}::jsonb, ${sql.param(episodes.map((e) => e.seasonNumber * 10_000 + e.episodeNumber))}::int[])`;
    });
    count += await inserted(
      db,
      sql`insert into notifications (user_id, kind, subject, payload, created_at)
          select w.user_id, 'episode_aired', a.subject, a.payload, ${stamp()}
          from (values ${sql.join(rows, sql`, `)}) as a(series_id, subject, payload, episodes)
          join watchlist w on w.item_type = 'tv' and w.item_id = a.series_id
            and w.status in ('watching', 'plan_to_watch')
          where ${wanted(sql`w.user_id`, "episode_aired")}
            and (select count(*) from episode_watches ew
                 where ew.user_id = w.user_id and ew.series_id = a.series_id
                   and ew.season_number * 10000 + ew.episode_number = any(a.episodes))
                < cardinality(a.episodes)
          on conflict do nothing`,
    );
  }
  return { series: bySeries.size, notifications: count };
}

/** The kinds of offer the provider job compares: subscription, free, free with ads. */
export type StreamingOffer = "subscription" | "free" | "ads";

/** What the provider job reads of a title: its name, address and Turkish streaming services. */
export interface ProviderReading {
  title: string;
  url: string;
  /** Each service once, with its best offer (subscription before free before ads). */
  providers: { id: number; name: string; offer?: StreamingOffer }[];
}

const OFFERS: readonly StreamingOffer[] = ["subscription", "free", "ads"];

/** A title's Turkish streaming services (flatrate, free, ads), each service once. */
function streamingServices(
  offers: Partial<Record<StreamingOffer, { id: number; name: string }[]>> | null | undefined,
): ProviderReading["providers"] {
  const seen = new Map<number, ProviderReading["providers"][number]>();
  for (const offer of OFFERS)
    for (const provider of offers?.[offer] ?? [])
      if (!seen.has(provider.id))
        seen.set(provider.id, { id: provider.id, name: provider.name, offer });
  return [...seen.values()];
}

/** Reads a title's Turkish streaming services through the catalogue (its cache and limiter). */
export async function readProviders(
  catalogue: Catalogue,
  itemType: "movie" | "tv",
  itemId: number,
): Promise<ProviderReading | null> {
  if (itemType === "movie") {
    const movie = await catalogue.movie(itemId);
    if (!movie) return null;
    return {
      title: movie.title,
      url: paths.title("movie", { id: movie.id, name: movie.title, date: movie.releaseDate }),
      providers: streamingServices(movie.watchProviders),
    };
  }
  const series = await catalogue.series(itemId);
  if (!series) return null;
  return {
    title: series.name,
    url: paths.title("tv", { id: series.id, name: series.name, date: series.firstAirDate }),
    providers: streamingServices(series.watchProviders),
  };
}

const FRONT_VOWELS = "eiöü";
const VOWELS = "aıoueiöü";
/** How Turkish reads a letter of an acronym ("TV" → "ve", "HBO" → "o"). */
const LETTER_NAMES: Record<string, string> = { k: "ka", q: "kü", w: "ve", x: "iks" };

/**
 * A service's name with the locative suffix, by Turkish vowel harmony and consonant
 * assimilation: "Netflix'te", "Amazon Prime Video'da", "MUBI'de", "BluTV'de", "HBO Max'te".
 */
export function locative(name: string): string {
  const word = name.trim().split(/\s+/).pop() ?? name;
  const letters = word.replace(/[^\p{L}]/gu, "");
  // Service names are mostly Latin brands: "MUBI" is read with an i, not a dotless ı.
  const lower = (text: string) => text.replace(/[Iİ]/g, "i").toLowerCase();
  let sound = lower(letters);
  // An acronym ending in a consonant ("BluTV", "TRT") is read by its letters' names.
  const tail = /\p{Lu}{2,}$/u.exec(letters)?.[0];
  if (tail) {
    const last = lower(tail.slice(-1));
    if (!VOWELS.includes(last)) sound = LETTER_NAMES[last] ?? `${last}e`;
  }
  const vowel = [...sound].reverse().find((char) => VOWELS.includes(char));
  const front = vowel ? FRONT_VOWELS.includes(vowel) : false;
  const hard = /[fstkçşhpx]$/.test(sound);
  return `${name}'${hard ? "t" : "d"}${front ? "e" : "a"}`;
}

/** "Kış Uykusu artık Netflix'te", and for free offers, that it costs nothing. */
function streamingPayload(
  reading: ProviderReading,
  itemType: "movie" | "tv",
  provider: ProviderReading["providers"][number],
): NotificationPayload {
  const what = itemType === "movie" ? "film" : "dizi";
  const where = locative(provider.name);
  switch (provider.offer ?? "subscription") {
    case "free":
      return {
        title: `${reading.title} artık ${where} ücretsiz`,
        body: `İzleyeceğim listenizdeki ${what} Türkiye'de ${provider.name} üzerinde ücretsiz izlenebiliyor.`,
        url: reading.url,
      };
    case "ads":
      return {
        title: `${reading.title} artık ${where} reklamlı ve ücretsiz`,
        body: `İzleyeceğim listenizdeki ${what} Türkiye'de ${provider.name} üzerinde reklamlarla birlikte ücretsiz izlenebiliyor.`,
        url: reading.url,
      };
    default:
      return {
        title: `${reading.title} artık ${where}`,
        body: `İzleyeceğim listenizdeki ${what} Türkiye'de ${provider.name} üzerinde izlenebiliyor.`,
        url: reading.url,
      };
  }
}

/** Titles read per run of the provider job; the job queues itself again while more are due. */
const PROVIDER_BATCH = 100;

/**
 * One batch of the daily provider comparison: titles on someone's İzleyeceğim list not read
 * today, each read once (however many listed it), compared with the last reading (subscription,
 * free and ad-supported offers in TR); a service that was not there before notifies everyone who lists the title ("Kış Uykusu artık
 * Netflix'te"). A first reading only records. `more` says whether titles are still due.
 */
export async function detectNewProviders(
  db: Database,
  read: (itemType: "movie" | "tv", itemId: number) => Promise<ProviderReading | null>,
  options: { limit?: number; day?: string } = {},
): Promise<{ read: number; notifications: number; more: boolean }> {
  const day = options.day ?? today();
  const limit = options.limit ?? PROVIDER_BATCH;
  const due = await queryRows<{
    itemType: "movie" | "tv";
    itemId: number;
    previous: number[] | null;
    withFree: boolean | null;
  }>(
    db,
    sql`select t.item_type as "itemType", t.item_id as "itemId", r.provider_ids as previous,
          r.with_free as "withFree"
        from (select distinct item_type, item_id from watchlist where status = 'plan_to_watch') t
        left join title_provider_readings r on r.item_type = t.item_type and r.item_id = t.item_id
        where r.read_on is null or r.read_on < ${day}
        order by r.read_on asc nulls first, t.item_type, t.item_id
        limit ${limit}`,
  );
  let count = 0;
  for (const title of due) {
    const reading = await read(title.itemType, title.itemId);
    const ids = [...new Set((reading?.providers ?? []).map((provider) => provider.id))].sort(
      (a, b) => a - b,
    );
    await db.execute(
      sql`insert into title_provider_readings (item_type, item_id, provider_ids, read_on, with_free)
          values (${title.itemType}, ${title.itemId}, ${sql.param(ids)}::int[], ${day}, true)
          on conflict (item_type, item_id)
          do update set provider_ids = excluded.provider_ids, read_on = excluded.read_on,
            with_free = true`,
    );
    if (!reading || !title.previous) continue;
    const before = new Set(title.previous);
    for (const provider of reading.providers) {
      if (before.has(provider.id)) continue;
      // A reading of subscriptions only cannot tell a new free service from an old one.
      if (!title.withFree && (provider.offer ?? "subscription") !== "subscription") continue;
      before.add(provider.id);
      const payload = streamingPayload(reading, title.itemType, provider);
      count += await inserted(
        db,
        sql`insert into notifications (user_id, kind, subject, payload, created_at)
            select w.user_id, 'now_streaming', ${`${title.itemType}:${title.itemId}:${provider.id}`},
              ${JSON.stringify(payload)}::jsonb, ${stamp()}
            from watchlist w
            where w.item_type = ${title.itemType} and w.item_id = ${title.itemId}
              and w.status = 'plan_to_watch' and ${wanted(sql`w.user_id`, "now_streaming")}
            on conflict do nothing`,
      );
    }
  }
  return { read: due.length, notifications: count, more: due.length === limit };
}

/**
 * Films on someone's İzleyeceğim list that open in Turkish cinemas this release week (Friday
 * to Thursday, from Vizyonda's sources): "Kış Uykusu bu hafta sinemalarda".
 */
export async function detectCinemaOpenings(
  db: Database,
  catalogue: Catalogue,
  at: number = nowMs(),
): Promise<{ films: number; notifications: number }> {
  const week = releaseWeekAt(at);
  const [showing, upcoming] = await Promise.all([
    catalogue.nowPlayingInTurkey(),
    catalogue.upcomingInTurkey(),
  ]);
  const films = new Map<number, { id: number; title: string; url: string; day: string }>();
  for (const release of [...(showing ?? []), ...(upcoming ?? [])]) {
    if (release.turkishReleaseDate < week.start || release.turkishReleaseDate > week.end) continue;
    films.set(release.id, {
      id: release.id,
      title: release.title,
      url: paths.title("movie", { id: release.id, name: release.title, date: release.releaseDate }),
      day: release.turkishReleaseDate,
    });
  }
  let count = 0;
  for (const batch of chunks([...films.values()], FAN_OUT_BATCH)) {
    const rows = batch.map((film) => {
      const payload: NotificationPayload = {
        title: `${film.title} bu hafta sinemalarda`,
        body: `İzleyeceğim listenizdeki film ${formatDay(film.day)} tarihinde vizyona giriyor.`,
        url: film.url,
      };
      return sql`(${film.id}::int, ${`movie:${film.id}:${week.start}`}::text, ${JSON.stringify(payload)}::jsonb)`;
    });
    count += await inserted(
      db,
      sql`insert into notifications (user_id, kind, subject, payload, created_at)
          select w.user_id, 'in_cinemas', f.subject, f.payload, ${stamp(at)}
          from (values ${sql.join(rows, sql`, `)}) as f(movie_id, subject, payload)
          join watchlist w on w.item_type = 'movie' and w.item_id = f.movie_id
            and w.status = 'plan_to_watch'
          where ${wanted(sql`w.user_id`, "in_cinemas")}
          on conflict do nothing`,
    );
  }
  return { films: films.size, notifications: count };
}

const DAY_FORMAT = new Intl.DateTimeFormat("tr-TR", {
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});
const formatDay = (day: string) => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));

/**
 * Invites to edit a list accepted in the last two days: the list's owner hears who joined
 * ("Ayşe listenizi birlikte düzenliyor"). The owner accepting their own link is no invite
 * accepted (the invite code refuses it), and is excluded here too.
 */
export async function detectAcceptedInvites(db: Database, at: number = nowMs()): Promise<number> {
  const since = new Date(at - 2 * 24 * 60 * 60 * 1000);
  return inserted(
    db,
    sql`insert into notifications (user_id, kind, subject, payload, created_at)
        select l.owner_id, 'list_invite_accepted', 'list:' || l.id || ':' || i.used_by,
          jsonb_build_object(
            'title', coalesce(nullif(u.name, ''), 'Biri') || ' listenizi birlikte düzenliyor',
            'body', '"' || l.name || '" listenize gönderdiğiniz davet kabul edildi.',
            'url', '/dashboard/listeler/' || l.id),
          ${stamp(at)}
        from list_invites i
        join lists l on l.id = i.list_id
        join "user" u on u.id = i.used_by
        where i.used_at >= ${since.toISOString()}::timestamptz and i.used_by <> l.owner_id
          and ${wanted(sql`l.owner_id`, "list_invite_accepted")}
        on conflict do nothing`,
  );
}

/** The day before `day`: the episode job looks at yesterday too, after a night's downtime. */
export const dayBefore = (day: string) => addDays(day, -1);
