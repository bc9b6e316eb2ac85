import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  ACCESS_TOKEN,
  API_KEY,
  cinemaLists,
  cinemaMovies,
  genreLists,
  imdbIds,
  tvdbIds,
  movies,
  people,
  personCredits,
  series,
  type FakeMovie,
  type FakeSeries,
} from "./fixtures";

/**
 * A fake of the movie database API v3 for tests: the endpoints the product calls, the same JSON
 * shapes, auth by api_key or Bearer token, and switches to misbehave (fail, throttle, stall).
 * Every request is recorded so tests can assert the exact parameters sent.
 */

interface RecordedRequest {
  /** Its place in the log, counting from 1 (the log of the HTTP control is never cleared). */
  seq: number;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
}

interface Failure {
  status: number;
  headers?: Record<string, string>;
}

interface ControlState {
  down: boolean;
  delayMs: number;
  fail: Failure & { count: number };
}

/** The same switches over HTTP, for tests that run in another process than the fake. */
export function fakeTmdbControl(apiUrl: string) {
  const root = apiUrl.replace(/\/3$/, "");
  const post = (path: string, body: Partial<ControlState> = {}) =>
    fetch(`${root}/__control/${path}`, { method: "POST", body: JSON.stringify(body) }).then((r) =>
      r.json(),
    );
  const requests = async (after = 0) =>
    (await (await fetch(`${root}/__control/requests?after=${after}`)).json()) as RecordedRequest[];
  return {
    /**
     * The requests made from now on: call the returned function to list them. Test files run
     * at the same time on this shared fake, so a test reads its own window of the log.
     */
    window: async () => {
      const { seq } = (await (await fetch(`${root}/__control/seq`)).json()) as { seq: number };
      return () => requests(seq);
    },
    /** Clears the failure switches (not the log: another file may be reading its window). */
    reset: () => post("reset"),
    set: (state: Partial<ControlState>) => post("state", state),
  };
}

export interface FakeTmdb {
  url: string;
  requests: RecordedRequest[];
  /** The next `count` requests answer with this failure. */
  failNext(count: number, failure: Failure): void;
  /** Every request waits this long before answering (for timeouts). */
  delayMs: number;
  /** When true every request answers 503. */
  down: boolean;
  reset(): void;
  close(): Promise<void>;
}

const PAGE_SIZE = 20;
const SUMMARY_MOVIE_FIELDS = [
  "id",
  "title",
  "original_title",
  "overview",
  "release_date",
  "genre_ids",
  "vote_average",
  "vote_count",
  "popularity",
  "poster_path",
  "backdrop_path",
];
const SUMMARY_SERIES_FIELDS = [
  "id",
  "name",
  "original_name",
  "overview",
  "first_air_date",
  "genre_ids",
  "vote_average",
  "vote_count",
  "popularity",
  "poster_path",
  "backdrop_path",
];
const SUMMARY_PERSON_FIELDS = ["id", "name", "known_for_department", "profile_path", "popularity"];

function pick(source: Record<string, unknown>, fields: string[]) {
  return Object.fromEntries(
    fields.filter((field) => field in source).map((field) => [field, source[field]]),
  );
}

const movieSummary = (movie: FakeMovie) => pick(movie, SUMMARY_MOVIE_FIELDS);
const seriesSummary = (show: FakeSeries) => pick(show, SUMMARY_SERIES_FIELDS);

function paginate<T>(items: T[], pageParam: string | undefined) {
  const page = Math.max(1, Number(pageParam) || 1);
  return {
    page,
    results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total_pages: Math.max(1, Math.ceil(items.length / PAGE_SIZE)),
    total_results: items.length,
  };
}

const byPopularity = <T extends { popularity: number }>(items: T[]) =>
  [...items].sort((a, b) => b.popularity - a.popularity);

interface CountryEntry {
  iso_3166_1: string;
}
const inCountry = <T extends CountryEntry>(answer: unknown, country: string) =>
  ((answer as { results?: T[] } | undefined)?.results ?? []).find(
    (entry) => entry.iso_3166_1 === country,
  );

/**
 * A title's certification in a country, as discover matches it: a film's theatrical one (else
 * its limited theatrical one), a series' content rating; "" when it has none there.
 */
function certificationIn(item: FakeMovie | FakeSeries, country: string): string {
  if ("content_ratings" in item) {
    return (
      inCountry<CountryEntry & { rating: string }>(item.content_ratings, country)?.rating ?? ""
    );
  }
  const releases =
    inCountry<CountryEntry & { release_dates: { type: number; certification: string }[] }>(
      item.release_dates,
      country,
    )?.release_dates ?? [];
  for (const type of [3, 2]) {
    const found = releases.find((release) => release.type === type && release.certification);
    if (found) return found.certification;
  }
  return "";
}

function discover<T extends FakeMovie | FakeSeries>(
  items: T[],
  query: Record<string, string>,
  dateField: "release_date" | "first_air_date",
) {
  const dateSort = dateField === "release_date" ? "primary_release_date" : "first_air_date";
  // `certification` lists several with a pipe (OR); it needs `certification_country`.
  const certifications = query.certification_country && query.certification?.split("|");
  let result = items.filter((item) => {
    if (
      certifications &&
      !certifications.includes(certificationIn(item, query.certification_country!))
    )
      return false;
    if (query.with_genres && !item.genre_ids.includes(Number(query.with_genres))) return false;
    if (query["vote_average.gte"] && item.vote_average < Number(query["vote_average.gte"]))
      return false;
    if (query["vote_count.gte"] && item.vote_count < Number(query["vote_count.gte"])) return false;
    const date = String(item[dateField] ?? "");
    if (query[`${dateSort}.gte`] && date < query[`${dateSort}.gte`]!) return false;
    if (query[`${dateSort}.lte`] && date > query[`${dateSort}.lte`]!) return false;
    return true;
  });
  const [field, direction] = (query.sort_by ?? "popularity.desc").split(".");
  const key = field === dateSort ? dateField : (field as keyof T);
  result = [...result].sort((a, b) => {
    const left = a[key] as number | string;
    const right = b[key] as number | string;
    const order = left < right ? -1 : left > right ? 1 : 0;
    return direction === "asc" ? order : -order;
  });
  return result;
}

/** Keeps only the parts of `append_to_response` that were asked for. */
function keepAppended(
  body: Record<string, unknown>,
  query: Record<string, string>,
  parts: string[],
) {
  const appended = (query.append_to_response ?? "").split(",");
  for (const part of parts) if (!appended.includes(part)) delete body[part];
  delete body.genre_ids;
  return body;
}

/**
 * `recommendations` and `watch/providers` as the movie database appends them: a page of
 * summaries (empty when the fixture names none) and every region's offers (none: `{}`).
 */
function appendExtras<T>(
  body: Record<string, unknown>,
  item: { id: number; recommendation_ids?: unknown; watch_providers?: unknown },
  all: T[],
  byId: (entry: T) => number,
  summary: (entry: T) => Record<string, unknown>,
  mediaType: "movie" | "tv",
) {
  const ids = (item.recommendation_ids ?? []) as number[];
  const results = ids.flatMap((id) => {
    const found = all.find((entry) => byId(entry) === id);
    return found ? [{ ...summary(found), media_type: mediaType }] : [];
  });
  body.recommendations = {
    page: 1,
    results,
    total_pages: results.length ? 1 : 0,
    total_results: results.length,
  };
  body["watch/providers"] = { id: item.id, results: item.watch_providers ?? {} };
  delete body.recommendation_ids;
  delete body.watch_providers;
}

/** What a film or series detail request may append, as the movie database allows. */
const TITLE_APPENDS = [
  "credits",
  "videos",
  "images",
  "recommendations",
  "watch/providers",
  "alternative_titles",
  "translations",
];
/** Each kind's own age ratings: a film's release dates, a series' content ratings. */
const MOVIE_APPENDS = [...TITLE_APPENDS, "release_dates"];
const SERIES_APPENDS = [...TITLE_APPENDS, "content_ratings", "external_ids"];

/** The IMDb id the fake's `/find` knows for a title, else null (as the movie database answers). */
function imdbIdOf(mediaType: "movie" | "tv", id: number): string | null {
  const found = Object.entries(imdbIds).find(
    ([, item]) => item.mediaType === mediaType && item.id === id,
  );
  return found?.[0] ?? null;
}

function movieDetails(movie: FakeMovie, query: Record<string, string>) {
  const { overview_en, ...rest } = movie;
  const english = query.language?.startsWith("en");
  const body: Record<string, unknown> = {
    ...rest,
    overview: english ? (overview_en ?? movie.overview) : movie.overview,
    genres: genreLists.movie.filter((genre) => movie.genre_ids.includes(genre.id)),
  };
  appendExtras(body, movie, movies, (entry) => entry.id, movieSummary, "movie");
  body.release_dates ??= { results: [] };
  // A film's alternative titles are `titles` (a series' are `results`).
  body.alternative_titles = { id: movie.id, titles: movie.alternative_titles ?? [] };
  body.imdb_id = imdbIdOf("movie", movie.id);
  body.translations = { id: movie.id, translations: movie.translations ?? [] };
  return keepAppended(body, query, MOVIE_APPENDS);
}

function seriesDetails(show: FakeSeries, query: Record<string, string>) {
  const { season_details: _seasons, episode_extras: _extras, ...rest } = show;
  const body: Record<string, unknown> = {
    ...rest,
    genres: genreLists.tv.filter((genre) => show.genre_ids.includes(genre.id)),
  };
  appendExtras(body, show, series, (entry) => entry.id, seriesSummary, "tv");
  body.content_ratings ??= { results: [] };
  body.alternative_titles = { id: show.id, results: show.alternative_titles ?? [] };
  body.external_ids = { id: show.id, imdb_id: imdbIdOf("tv", show.id) };
  body.translations = { id: show.id, translations: show.translations ?? [] };
  return keepAppended(body, query, SERIES_APPENDS);
}

function personDetails(id: number, query: Record<string, string>) {
  const found = people.find((person) => person.id === id);
  if (!found) return undefined;
  const { biography_en, ...rest } = found;
  const english = query.language?.startsWith("en");
  const body: Record<string, unknown> = {
    ...rest,
    biography: english ? (biography_en ?? found.biography) : found.biography,
  };
  const appended = (query.append_to_response ?? "").split(",");
  const credits = personCredits[id] ?? { movies: [], series: [] };
  if (appended.includes("movie_credits")) {
    body.movie_credits = {
      cast: credits.movies.map(([movieId, character]) => ({
        ...movieSummary(movies.find((movie) => movie.id === movieId)!),
        character,
      })),
    };
  }
  if (appended.includes("tv_credits")) {
    body.tv_credits = {
      cast: credits.series.map(([seriesId, character]) => ({
        ...seriesSummary(series.find((show) => show.id === seriesId)!),
        character,
      })),
    };
  }
  return body;
}

/** A title's other names as the movie database's search knows them: alternative titles, translations. */
function otherNames(item: FakeMovie | FakeSeries): string[] {
  const alternatives = (item.alternative_titles ?? []) as { title: string }[];
  const translated = (item.translations ?? []) as { data: { title?: string; name?: string } }[];
  return [
    ...alternatives.map((entry) => entry.title),
    ...translated.map((entry) => entry.data.title ?? entry.data.name ?? ""),
  ];
}

function search(query: Record<string, string>) {
  const needle = (query.query ?? "").toLocaleLowerCase("tr-TR");
  const matches = (text: unknown) =>
    String(text ?? "")
      .toLocaleLowerCase("tr-TR")
      .includes(needle);
  const results = [
    ...movies
      .filter(
        (movie) =>
          matches(movie.title) || matches(movie.original_title) || otherNames(movie).some(matches),
      )
      .map((movie) => ({ ...movieSummary(movie), media_type: "movie" })),
    ...series
      .filter(
        (show) =>
          matches(show.name) || matches(show.original_name) || otherNames(show).some(matches),
      )
      .map((show) => ({ ...seriesSummary(show), media_type: "tv" })),
    ...people
      .filter((person) => matches(person.name))
      .map((person) => ({ ...pick(person, SUMMARY_PERSON_FIELDS), media_type: "person" })),
  ];
  // Like the real service: one relevance order across kinds (here, popularity).
  results.sort(
    (a, b) =>
      Number((b as Record<string, unknown>).popularity) -
      Number((a as Record<string, unknown>).popularity),
  );
  return paginate(results, query.page);
}

/** Every film a detail request can ask for: the lists' films and the cinema lists' films. */
const allMovies = [...movies, ...cinemaMovies];

/**
 * `now_playing` and `upcoming`: with `region` only the films with a theatrical release there in
 * the window (only TR is known here; another region has none), without it the world's list.
 */
function cinemaList(list: keyof typeof cinemaLists, query: Record<string, string>) {
  const { TR, world, dates } = cinemaLists[list];
  const ids = query.region === undefined ? world : query.region === "TR" ? TR : [];
  const found = ids.map((id) => movieSummary(allMovies.find((movie) => movie.id === id)!));
  return { dates, ...paginate(found, query.page) };
}

/** Answers a request, or undefined for 404. */
function route(path: string, query: Record<string, string>): unknown {
  const parts = path.split("/").filter(Boolean);
  const num = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : NaN);
  switch (path) {
    case "/movie/popular":
      return paginate(byPopularity(movies).map(movieSummary), query.page);
    case "/trending/movie/day":
      return paginate(
        [...movies].sort((a, b) => b.vote_count - a.vote_count).map(movieSummary),
        query.page,
      );
    case "/tv/popular":
      return paginate(byPopularity(series).map(seriesSummary), query.page);
    case "/person/popular":
      return paginate(
        byPopularity(people).map((person) => pick(person, SUMMARY_PERSON_FIELDS)),
        query.page,
      );
    case "/genre/movie/list":
      return { genres: genreLists.movie };
    case "/genre/tv/list":
      return { genres: genreLists.tv };
    case "/discover/movie":
      return paginate(discover(movies, query, "release_date").map(movieSummary), query.page);
    case "/discover/tv":
      return paginate(discover(series, query, "first_air_date").map(seriesSummary), query.page);
    case "/search/multi":
      return search(query);
    case "/movie/now_playing":
      return cinemaList("now_playing", query);
    case "/movie/upcoming":
      return cinemaList("upcoming", query);
  }
  if (parts[0] === "find" && parts.length === 2 && query.external_source === "imdb_id") {
    const found = imdbIds[parts[1]!];
    const movie = found?.mediaType === "movie" && movies.find((item) => item.id === found.id);
    const show = found?.mediaType === "tv" && series.find((item) => item.id === found.id);
    return {
      movie_results: movie ? [movieSummary(movie)] : [],
      tv_results: show ? [seriesSummary(show)] : [],
      person_results: [],
      tv_episode_results: [],
      tv_season_results: [],
    };
  }
  if (parts[0] === "find" && parts.length === 2 && query.external_source === "tvdb_id") {
    const found = tvdbIds[parts[1]!];
    const show = found && series.find((item) => item.id === found);
    return {
      movie_results: [],
      tv_results: show ? [seriesSummary(show)] : [],
      person_results: [],
      tv_episode_results: [],
      tv_season_results: [],
    };
  }
  if (parts[0] === "movie" && parts.length === 2) {
    const movie = allMovies.find((item) => item.id === num(parts[1]));
    return movie && movieDetails(movie, query);
  }
  if (parts[0] === "movie" && parts.length === 3 && parts[2] === "release_dates") {
    const movie = allMovies.find((item) => item.id === num(parts[1]));
    const dates = movie?.release_dates as { results: unknown[] } | undefined;
    return movie && { id: movie.id, results: dates?.results ?? [] };
  }
  if (parts[0] === "person" && parts.length === 2) return personDetails(num(parts[1]), query);
  if (parts[0] === "tv") {
    const show = series.find((item) => item.id === num(parts[1]));
    if (!show) return undefined;
    if (parts.length === 2) return seriesDetails(show, query);
    const seasons = (show.season_details ?? {}) as Record<
      string,
      { episodes: { episode_number: number }[] }
    >;
    const season = parts[2] === "season" ? seasons[String(num(parts[3]))] : undefined;
    if (!season) return undefined;
    if (parts.length === 4) return season;
    if (parts[4] === "episode" && parts.length === 6) {
      const episode = season.episodes.find((item) => item.episode_number === num(parts[5]));
      if (!episode) return undefined;
      const extras =
        ((show.episode_extras ?? {}) as Record<string, Record<string, unknown>>)[
          `${parts[3]}-${parts[5]}`
        ] ?? {};
      const { credits, ...rest } = { guest_stars: [], crew: [], credits: { cast: [] }, ...extras };
      const appended = (query.append_to_response ?? "").split(",");
      return { ...episode, ...rest, ...(appended.includes("credits") ? { credits } : {}) };
    }
  }
  return undefined;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "Content-Type": "application/json;charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeTmdb({ port = 0 } = {}): Promise<FakeTmdb> {
  const failures: Failure[] = [];
  const state = { delayMs: 0, down: false };
  const requests: RecordedRequest[] = [];
  let seq = 0;

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname.startsWith("/__control/")) return control(req, res, url);
    const path = url.pathname.replace(/^\/3(?=\/)/, "");
    const query = Object.fromEntries(url.searchParams);
    requests.push({ seq: ++seq, path, query, authorization: req.headers.authorization });
    if (state.delayMs) {
      // Ends early when the client gives up: a request it abandoned is never answered, and no
      // timer outlives it.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, state.delayMs);
        res.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (res.destroyed) return;
    if (state.down) return send(res, 503, { status_code: 9, status_message: "Service offline." });
    const failure = failures.shift();
    if (failure)
      return send(res, failure.status, { status_message: "fake failure" }, failure.headers);
    const authorised =
      query.api_key === API_KEY || req.headers.authorization === `Bearer ${ACCESS_TOKEN}`;
    if (!authorised) {
      return send(res, 401, {
        status_code: 7,
        status_message: "Invalid API key: You must be granted a valid key.",
      });
    }
    const body = route(path, query);
    if (body === undefined) {
      return send(res, 404, {
        status_code: 34,
        status_message: "The resource you requested could not be found.",
      });
    }
    send(res, 200, body);
  });

  /** Lets tests in other processes read the recorded requests and switch failures on and off. */
  async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    const path = url.pathname;
    if (path === "/__control/requests") {
      const after = Number(url.searchParams.get("after") ?? 0);
      return send(
        res,
        200,
        requests.filter((request) => request.seq > after),
      );
    }
    if (path === "/__control/seq") return send(res, 200, { seq });
    if (req.method !== "POST") return send(res, 405, {});
    let body = "";
    for await (const chunk of req) body += chunk;
    const input = (body ? JSON.parse(body) : {}) as Partial<ControlState>;
    if (path === "/__control/reset") {
      failures.length = 0;
      state.delayMs = 0;
      state.down = false;
    }
    if (input.down !== undefined) state.down = input.down;
    if (input.delayMs !== undefined) state.delayMs = input.delayMs;
    if (input.fail)
      for (let index = 0; index < input.fail.count; index++) failures.push(input.fail);
    send(res, 200, { ok: true });
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;

  const fake: FakeTmdb = {
    url: `http://127.0.0.1:${address.port}/3`,
    requests,
    failNext(count, failure) {
      for (let index = 0; index < count; index++) failures.push(failure);
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value) {
      state.delayMs = value;
    },
    get down() {
      return state.down;
    },
    set down(value) {
      state.down = value;
    },
    reset() {
      failures.length = 0;
      requests.length = 0;
      state.delayMs = 0;
      state.down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

// `npx tsx tests/fake-tmdb/server.ts [port]` runs it on its own, for trying the live source by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeTmdb({ port: Number(process.argv[2] ?? 4010) });
  console.log(`fake movie database on ${fake.url} (TMDB_API_KEY=${API_KEY})`);
}
