import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCESS_TOKEN, API_KEY } from "../../../tests/fake-tmdb/fixtures";
import { startFakeTmdb, type FakeTmdb } from "../../../tests/fake-tmdb/server";
import { createLogger } from "~/core/logger.server";
import { createCache, memoryStore } from "../cache.server";
import type { Catalogue } from "../catalogue.server";
import { retryAfterMs } from "./http.server";
import { createTmdbSource, TTL } from "./tmdb-source.server";
import { ServiceUnavailableError } from "~/core/failures.server";

let fake: FakeTmdb;
beforeAll(async () => {
  fake = await startFakeTmdb();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A fresh source (empty cache) with a clock the test can move. */
function source(options: { token?: boolean; timeoutMs?: number; retries?: number } = {}) {
  const clock = { now: 1_000_000 };
  const logger = createLogger("silent");
  const catalogue: Catalogue = createTmdbSource({
    apiBaseUrl: fake.url,
    apiKey: options.token ? undefined : API_KEY,
    accessToken: options.token ? ACCESS_TOKEN : undefined,
    imageBaseUrl: "https://image.example/t/p",
    logger,
    cached: createCache(memoryStore(), logger, () => clock.now),
    timeoutMs: options.timeoutMs ?? 2_000,
    retries: options.retries ?? 2,
    backoffMs: 10,
  });
  return { catalogue, clock };
}

const paths = () => fake.requests.map((request) => request.path);

describe("live source: what it sends", () => {
  it("asks in Turkish with the v3 key on every call", async () => {
    const { catalogue } = source();
    await catalogue.popularMovies();
    await catalogue.movie(550);
    await catalogue.genres("tv");
    expect(fake.requests).toHaveLength(3);
    for (const request of fake.requests) {
      expect(request.query.language).toBe("tr-TR");
      expect(request.query.api_key).toBe(API_KEY);
      expect(request.authorization).toBeUndefined();
    }
  });

  it("sends the v4 token as a Bearer header instead of a key", async () => {
    const { catalogue } = source({ token: true });
    const page = await catalogue.popularSeries(2);
    expect(page?.page).toBe(2);
    expect(fake.requests[0]).toMatchObject({
      path: "/tv/popular",
      query: { language: "tr-TR", page: "2" },
      authorization: `Bearer ${ACCESS_TOKEN}`,
    });
    expect(fake.requests[0]!.query.api_key).toBeUndefined();
  });

  it("uses page 1 unless asked, and the spec's paths for every list", async () => {
    const { catalogue } = source();
    await catalogue.popularMovies();
    await catalogue.trendingMovies();
    await catalogue.popularPeople(3);
    expect(fake.requests.map((request) => [request.path, request.query.page])).toEqual([
      ["/movie/popular", "1"],
      ["/trending/movie/day", undefined],
      ["/person/popular", "3"],
    ]);
  });

  it("appends credits, videos, images, recommendations, watch providers and the age rating to details, and credits to people and episodes", async () => {
    const { catalogue } = source();
    await catalogue.movie(550);
    await catalogue.series(1396);
    await catalogue.person(287);
    await catalogue.episode(1396, 1, 1);
    const appended = Object.fromEntries(
      fake.requests.map((request) => [request.path, request.query.append_to_response]),
    );
    expect(appended).toEqual({
      "/movie/550":
        "credits,videos,images,recommendations,watch/providers,release_dates,alternative_titles,translations",
      "/tv/1396":
        "credits,videos,images,recommendations,watch/providers,content_ratings,alternative_titles,translations,external_ids",
      "/person/287": "movie_credits,tv_credits",
      "/tv/1396/season/1/episode/1": "credits",
    });
  });

  it("reads a title's other names and IMDb id from the same details request", async () => {
    const { catalogue } = source();
    const eskiya = await catalogue.movie(1_000_001);
    // English first, repeats and the Turkish title left out.
    expect(eskiya?.otherTitles).toEqual(["The Bandit", "Der Bandit", "Le Bandit"]);
    expect((await catalogue.movie(550))?.imdbId).toBe("tt0137523");
    expect((await catalogue.series(1396))?.imdbId).toBe("tt0903747");
    expect((await catalogue.movie(238))?.otherTitles).toEqual([]);
  });

  it("answers a cold film page (details, recommendations, providers) with one upstream call", async () => {
    const { catalogue } = source();
    const [movie, recommendations] = await Promise.all([
      catalogue.movie(550),
      catalogue.movieRecommendations(550),
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(paths()).toEqual(["/movie/550"]);
    expect(recommendations).toHaveLength(12);
    expect(recommendations!.map((item) => item.id)).not.toContain(550);
    expect(recommendations!.slice(0, 2).map((item) => item.title)).toEqual(["Baba", "Eşkıya"]);
    expect(movie).not.toHaveProperty("recommendations");
    expect(movie!.ageRating).toBe("18+");
    expect(movie!.watchProviders).toEqual({
      link: "https://www.themoviedb.org/movie/550-fight-club/watch?locale=TR",
      subscription: [
        { id: 8, name: "Netflix", logoPath: "/netflix.jpg" },
        { id: 119, name: "Amazon Prime Video", logoPath: "/prime.jpg" },
      ],
      free: [],
      ads: [],
      rent: [{ id: 2, name: "Apple TV", logoPath: "/appletv.jpg" }],
      buy: [
        { id: 2, name: "Apple TV", logoPath: "/appletv.jpg" },
        { id: 3, name: "Google Play Movies", logoPath: "/play.jpg" },
      ],
    });
    // Asked again (a second visitor): nothing more upstream.
    await catalogue.movieRecommendations(550);
    await catalogue.movie(550);
    expect(fake.requests).toHaveLength(1);
  });

  it("has no age rating when Turkey has none, even with another country's", async () => {
    const { catalogue } = source();
    expect((await catalogue.movie(238))!.ageRating).toBeNull(); // only American
    expect((await catalogue.movie(1_000_001))!.ageRating).toBeNull(); // none at all
    expect((await catalogue.movie(10_041))!.ageRating).toBe("7A"); // limited theatrical
    expect((await catalogue.series(1396))!.ageRating).toBe("18+");
    expect((await catalogue.series(20_002))!.ageRating).toBeNull();
  });

  it("has no recommendations or providers when the movie database has none for Turkey", async () => {
    const { catalogue } = source();
    expect(await catalogue.movieRecommendations(238)).toEqual([]);
    expect((await catalogue.movie(238))!.watchProviders).toBeNull();
    expect(await catalogue.seriesRecommendations(1_000_201)).toEqual([]);
    expect((await catalogue.series(1396))!.watchProviders!.subscription).toHaveLength(1);
  });

  it("translates the discover filter exactly for films", async () => {
    const { catalogue } = source();
    await catalogue.discoverMovies({
      genreId: 28,
      page: 2,
      sortBy: "vote_average.desc",
      voteAverageGte: 8,
      voteCountGte: 1000,
      yearGte: 2010,
      yearLte: 2020,
    });
    const { api_key: _key, ...query } = fake.requests[0]!.query;
    expect(fake.requests[0]!.path).toBe("/discover/movie");
    expect(query).toEqual({
      language: "tr-TR",
      with_genres: "28",
      page: "2",
      sort_by: "vote_average.desc",
      "vote_average.gte": "8",
      "vote_count.gte": "1000",
      "primary_release_date.gte": "2010-01-01",
      "primary_release_date.lte": "2020-12-31",
    });
  });

  it("asks discover for Turkey's family certifications, OR'ed, for films and for series", async () => {
    const { catalogue } = source();
    const films = await catalogue.discoverMovies({ genreId: 28, familyFriendly: true });
    const shows = await catalogue.discoverSeries({ familyFriendly: true });
    const [movieQuery, seriesQuery] = fake.requests.map((request) => request.query);
    expect(movieQuery).toMatchObject({
      certification_country: "TR",
      certification: "Genel İzleyici Kitlesi|6+|6A|7+|7A",
    });
    expect(seriesQuery).toMatchObject({
      certification_country: "TR",
      certification: "Genel İzleyici|7+",
    });
    // The fake answers like the real one: only titles Turkey rates so.
    expect(films!.results.map((film) => film.title)).toEqual([
      "Örnek Film 1",
      "Örnek Film 13",
      "Örnek Film 25",
      "Örnek Film 37",
    ]);
    expect(shows!.results.map((show) => show.name)).toContain("Yalı Çapkını");
    expect(shows!.results.map((show) => show.name)).not.toContain("Breaking Bad");
  });

  it("translates the discover filter for series with first-air dates and default sort", async () => {
    const { catalogue } = source();
    await catalogue.discoverSeries({ genreId: 18, yearLte: 1999 });
    const { api_key: _key, ...query } = fake.requests[0]!.query;
    expect(fake.requests[0]!.path).toBe("/discover/tv");
    expect(query).toEqual({
      language: "tr-TR",
      with_genres: "18",
      page: "1",
      sort_by: "popularity.desc",
      "first_air_date.lte": "1999-12-31",
    });
  });

  it("searches only for more than two characters", async () => {
    const { catalogue } = source();
    expect(await catalogue.search("  ab ")).toBeNull();
    expect(fake.requests).toHaveLength(0);
    const page = await catalogue.search("dövüş");
    expect(fake.requests[0]).toMatchObject({
      path: "/search/multi",
      query: { query: "dövüş", page: "1" },
    });
    expect(page?.results[0]).toMatchObject({ mediaType: "movie", id: 550, title: "Dövüş Kulübü" });
  });
});

describe("live source: what it returns", () => {
  it("turns answers into the catalogue's own types", async () => {
    const { catalogue } = source();
    const movie = await catalogue.movie(550);
    expect(movie).toMatchObject({
      mediaType: "movie",
      id: 550,
      title: "Dövüş Kulübü",
      originalTitle: "Fight Club",
      releaseDate: "1999-10-15",
      runtime: 139,
      genres: [
        { id: 18, name: "Dram" },
        { id: 53, name: "Gerilim" },
      ],
    });
    expect(movie!.cast).toHaveLength(14);
    expect(movie!.cast[1]).toEqual({
      id: 287,
      name: "Brad Pitt",
      character: "Tyler Durden",
      profilePath: "/p287.jpg",
    });
    expect(movie!.images.backdrops).toHaveLength(15);
    expect(movie!.videos.map((video) => video.type)).toContain("Trailer");
    expect(catalogue.imageBaseUrl).toBe("https://image.example/t/p");
  });

  it("answers null for an unknown id", async () => {
    const { catalogue } = source();
    expect(await catalogue.movie(999_999)).toBeNull();
    expect(await catalogue.season(1396, 42)).toBeNull();
  });

  it("fills an empty Turkish overview or biography with one English request", async () => {
    const { catalogue } = source();
    const movie = await catalogue.movie(1_000_001);
    expect(movie?.overview).toBe(
      "A bandit released after 35 years in prison travels to Istanbul to find his lost love.",
    );
    const person = await catalogue.person(2_000_001);
    expect(person?.biography).toBe("Turkish actor, one of the best-known names of Turkish cinema.");
    const english = fake.requests.filter((request) => request.query.language === "en-US");
    expect(english.map((request) => request.path)).toEqual(["/movie/1000001", "/person/2000001"]);
    // Cached like the rest: asking again sends nothing.
    const before = fake.requests.length;
    await catalogue.movie(1_000_001);
    expect(fake.requests.length).toBe(before);
    // A Turkish overview needs no English request.
    await catalogue.movie(550);
    expect(fake.requests.filter((request) => request.query.language === "en-US")).toHaveLength(2);
  });
});

describe("live source: resilience", () => {
  it("serves a second page view from the cache, and lists again after 5 minutes", async () => {
    const { catalogue, clock } = source();
    const first = await catalogue.popularMovies();
    const second = await catalogue.popularMovies();
    expect(second).toEqual(first);
    expect(paths()).toEqual(["/movie/popular"]);
    clock.now += TTL.list + 1;
    await catalogue.popularMovies();
    expect(paths()).toEqual(["/movie/popular", "/movie/popular"]);
  });

  it("coalesces identical requests in flight", async () => {
    const { catalogue } = source();
    fake.delayMs = 100;
    const answers = await Promise.all([
      catalogue.movie(550),
      catalogue.movie(550),
      catalogue.movie(550),
    ]);
    expect(answers.every((answer) => answer?.id === 550)).toBe(true);
    expect(paths()).toEqual(["/movie/550"]);
  });

  it("serves stale data when the upstream fails after the cache time", async () => {
    const { catalogue, clock } = source({ retries: 0 });
    const fresh = await catalogue.popularMovies();
    clock.now += TTL.list + 1;
    fake.down = true;
    expect(await catalogue.popularMovies()).toEqual(fresh);
    expect(paths()).toEqual(["/movie/popular", "/movie/popular"]);
  });

  it("fails as unavailable, never as not found, when the upstream is down and nothing is cached", async () => {
    const { catalogue } = source({ retries: 1 });
    fake.down = true;
    await expect(catalogue.movie(550)).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(catalogue.popularMovies()).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(paths()).toEqual(["/movie/550", "/movie/550", "/movie/popular", "/movie/popular"]);
  });

  it("waits as long as Retry-After says on 429, then succeeds", async () => {
    const { catalogue } = source();
    fake.failNext(1, { status: 429, headers: { "Retry-After": "1" } });
    const started = Date.now();
    const page = await catalogue.popularMovies();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(page?.results.length).toBe(20);
    expect(paths()).toEqual(["/movie/popular", "/movie/popular"]);
  });

  it("gives up at once when Retry-After is longer than a page can wait", async () => {
    const { catalogue } = source();
    fake.failNext(1, { status: 429, headers: { "Retry-After": "3600" } });
    const started = Date.now();
    await expect(catalogue.popularMovies()).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(paths()).toHaveLength(1);
  });

  it("retries 5xx with backoff, and not 4xx", async () => {
    const { catalogue } = source();
    fake.failNext(2, { status: 502 });
    expect((await catalogue.genres("movie"))?.length).toBe(19);
    expect(paths()).toHaveLength(3);

    fake.reset();
    fake.failNext(1, { status: 401 });
    await expect(catalogue.genres("tv")).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(paths()).toHaveLength(1);
  });

  it("times out a stalled upstream", async () => {
    const { catalogue } = source({ timeoutMs: 100, retries: 1 });
    // Stalled for longer than the test may run: only the source's own timeout (100 ms, tried
    // twice) can end the call, however slowly this machine runs.
    fake.delayMs = 60_000;
    await expect(catalogue.person(287)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(paths()).toHaveLength(2);
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs("soon")).toBeUndefined();
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(retryAfterMs("Sun, 22 Nov 2026 10:00:05 GMT", now)).toBe(5000);
  });
});
