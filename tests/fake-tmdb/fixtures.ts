import genres from "../../content/catalogue/genres.json" with { type: "json" };

/*
 * A small, hand-made movie database in the movie database's own JSON shapes. Besides a few real
 * titles it holds fillers so that lists have several pages, and edge cases the pages must handle:
 * more than 12 cast, crew beyond the spec's jobs, a teaser before the trailer, an empty Turkish
 * overview and biography (for the English fallback), a series still running.
 */

export const API_KEY = "fake-api-key";
export const ACCESS_TOKEN = "fake-access-token";

type Json = Record<string, unknown>;

export interface FakeMovie extends Json {
  id: number;
  title: string;
  original_title: string;
  overview: string;
  release_date: string;
  genre_ids: number[];
  vote_average: number;
  vote_count: number;
  popularity: number;
}

const person = (id: number, name: string, extra: Json = {}) => ({
  id,
  name,
  profile_path: `/p${id}.jpg`,
  ...extra,
});

const fightClubCast = [
  ["Edward Norton", "Anlatıcı"],
  ["Brad Pitt", "Tyler Durden"],
  ["Helena Bonham Carter", "Marla Singer"],
  ["Meat Loaf", "Robert 'Bob' Paulson"],
  ["Jared Leto", "Angel Face"],
  ["Zach Grenier", "Richard Chesler"],
  ["Holt McCallany", "Mekanik"],
  ["Eion Bailey", "Ricky"],
  ["Richmond Arquette", "Stajyer"],
  ["David Andrews", "Thomas"],
  ["George Maguire", "Grup Lideri"],
  ["Eugenie Bondurant", "Kadın"],
  ["Christina Cabot", "Grup Lideri 2"],
  ["Sydney 'Big Dawg' Colston", "Konuşmacı"],
].map(([name, character], index) => ({
  ...person(index === 1 ? 287 : 800 + index, name!),
  character,
  order: index,
}));

const fightClubCrew = [
  [7467, "David Fincher", "Director", "Directing"],
  [7469, "Jim Uhls", "Screenplay", "Writing"],
  [7468, "Chuck Palahniuk", "Novel", "Writing"],
  [7474, "Ross Grayson Bell", "Producer", "Production"],
  [7475, "Ceán Chaffin", "Producer", "Production"],
  [1254, "Art Linson", "Producer", "Production"],
  [7477, "John King", "Sound Designer", "Sound"],
  [7479, "Jeff Cronenweth", "Director of Photography", "Camera"],
  [7480, "James Haygood", "Editor", "Editing"],
  [7481, "Dust Brothers", "Original Music Composer", "Sound"],
  [7482, "Laray Mayfield", "Casting", "Production"],
  [7483, "Fake Writer", "Writer", "Writing"],
  [7484, "Second Director", "Director", "Directing"],
].map(([id, name, job, department]) => ({
  ...person(id as number, name as string),
  job,
  department,
}));

const images = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ file_path: `/${prefix}${index + 1}.jpg` }));

/*
 * Age ratings as the movie database appends them: a film's certifications by country and release
 * type (`release_dates`; 3 theatrical, 2 limited, 4 digital), a series' by country
 * (`content_ratings`). Some titles have a Turkish rating, some only an American one, some none.
 */
const releaseDates = (
  ...countries: [country: string, releases: [type: number, certification: string][]][]
) => ({
  results: countries.map(([country, releases]) => ({
    iso_3166_1: country,
    release_dates: releases.map(([type, certification]) => ({
      certification,
      descriptors: [],
      iso_639_1: "",
      note: "",
      release_date: "2000-01-01T00:00:00.000Z",
      type,
    })),
  })),
});
const contentRatings = (...ratings: [country: string, rating: string][]) => ({
  results: ratings.map(([country, rating]) => ({ descriptors: [], iso_3166_1: country, rating })),
});

/** Fillers by index: general audiences, 13+, only an American rating, in turn. */
function fillerReleaseDates(index: number) {
  // The last one: an empty theatrical certification, so the limited release's counts.
  if (index === 41)
    return releaseDates([
      "TR",
      [
        [3, ""],
        [2, "7A"],
      ],
    ]);
  if (index % 3 === 0)
    return releaseDates(["US", [[3, "G"]]], ["TR", [[3, "Genel İzleyici Kitlesi"]]]);
  if (index % 3 === 1)
    return releaseDates([
      "TR",
      [
        [4, "18+"],
        [3, "13+"],
      ],
    ]);
  return releaseDates(["US", [[3, "PG"]]]);
}

export const movies: FakeMovie[] = [
  {
    id: 550,
    title: "Dövüş Kulübü",
    original_title: "Fight Club",
    overview:
      "Uykusuzluk çeken bir sigorta çalışanı, karizmatik bir sabun satıcısıyla yeraltı bir dövüş kulübü kurar.",
    release_date: "1999-10-15",
    genre_ids: [18, 53],
    vote_average: 8.438,
    vote_count: 30123,
    popularity: 61.4,
    poster_path: "/fightclub.jpg",
    backdrop_path: "/fightclub-bg.jpg",
    runtime: 139,
    credits: { cast: fightClubCast, crew: fightClubCrew },
    videos: {
      results: [
        { id: "v1", key: "teaser-key", name: "Teaser", type: "Teaser", site: "YouTube" },
        { id: "v2", key: "vimeo-trailer", name: "Fragman (Vimeo)", type: "Trailer", site: "Vimeo" },
        { id: "v3", key: "SUXWAEX2jlg", name: "Resmi Fragman", type: "Trailer", site: "YouTube" },
        { id: "v4", key: "second-trailer", name: "Fragman 2", type: "Trailer", site: "YouTube" },
      ],
    },
    images: { backdrops: images("fc-bd", 15), posters: images("fc-po", 14) },
    // 15 recommendations: the film itself is never shown, and at most 12 of the rest.
    recommendation_ids: [
      550,
      238,
      1_000_001,
      ...Array.from({ length: 12 }, (_, index) => 10_002 + index * 3),
    ],
    watch_providers: {
      TR: {
        link: "https://www.themoviedb.org/movie/550-fight-club/watch?locale=TR",
        flatrate: [
          {
            provider_id: 8,
            provider_name: "Netflix",
            logo_path: "/netflix.jpg",
            display_priority: 1,
          },
          {
            provider_id: 119,
            provider_name: "Amazon Prime Video",
            logo_path: "/prime.jpg",
            display_priority: 2,
          },
        ],
        rent: [
          {
            provider_id: 2,
            provider_name: "Apple TV",
            logo_path: "/appletv.jpg",
            display_priority: 3,
          },
        ],
        buy: [
          {
            provider_id: 2,
            provider_name: "Apple TV",
            logo_path: "/appletv.jpg",
            display_priority: 3,
          },
          {
            provider_id: 3,
            provider_name: "Google Play Movies",
            logo_path: "/play.jpg",
            display_priority: 4,
          },
        ],
      },
      // Another region's offers must not show in Turkey.
      US: {
        link: "https://www.themoviedb.org/movie/550-fight-club/watch?locale=US",
        flatrate: [
          { provider_id: 15, provider_name: "Hulu", logo_path: "/hulu.jpg", display_priority: 1 },
        ],
      },
    },
    release_dates: releaseDates(
      ["US", [[3, "R"]]],
      [
        "TR",
        [
          [1, ""],
          [3, "18+"],
        ],
      ],
    ),
  },
  {
    id: 238,
    title: "Baba",
    original_title: "The Godfather",
    overview:
      "Bir mafya ailesinin yaşlanan reisi, imparatorluğunu isteksiz oğluna devretmek zorunda kalır.",
    release_date: "1972-03-14",
    genre_ids: [18, 80],
    vote_average: 8.7,
    vote_count: 20000,
    popularity: 90.1,
    poster_path: "/godfather.jpg",
    backdrop_path: null,
    runtime: 175,
    credits: {
      cast: [{ ...person(3084, "Marlon Brando"), character: "Don Vito Corleone", order: 0 }],
      crew: [{ ...person(1776, "Francis Ford Coppola"), job: "Director", department: "Directing" }],
    },
    videos: { results: [] },
    images: { backdrops: [], posters: [] },
    // Rated in America only: no Turkish badge.
    release_dates: releaseDates(["US", [[3, "R"]]]),
  },
  {
    id: 1_000_001,
    title: "Eşkıya",
    original_title: "Eşkıya",
    overview: "",
    overview_en:
      "A bandit released after 35 years in prison travels to Istanbul to find his lost love.",
    release_date: "1996-11-29",
    genre_ids: [28, 80, 18],
    vote_average: 7.9,
    vote_count: 1500,
    popularity: 20.5,
    poster_path: null,
    backdrop_path: null,
    runtime: 128,
    credits: {
      cast: [{ ...person(2_000_001, "Şener Şen"), character: "Baran", order: 0 }],
      crew: [],
    },
    // Its other names, as the movie database answers `alternative_titles` and `translations`:
    // "The Bandit" finds it in search and matches a Letterboxd row (decision 031).
    alternative_titles: [
      { iso_3166_1: "US", title: "The Bandit", type: "" },
      { iso_3166_1: "DE", title: "Der Bandit", type: "" },
    ],
    translations: [
      {
        iso_3166_1: "US",
        iso_639_1: "en",
        name: "English",
        english_name: "English",
        data: { title: "The Bandit", overview: "", homepage: "", tagline: "", runtime: 128 },
      },
      {
        iso_3166_1: "FR",
        iso_639_1: "fr",
        name: "Français",
        english_name: "French",
        data: { title: "Le Bandit", overview: "", homepage: "", tagline: "", runtime: 128 },
      },
    ],
    videos: { results: [] },
    images: { backdrops: [], posters: [] },
  },
  // Fillers: enough films for three pages of popular results.
  ...Array.from({ length: 42 }, (_, index): FakeMovie => {
    const year = 1960 + index;
    return {
      id: 10_000 + index,
      title: `Örnek Film ${index + 1}`,
      original_title: `Sample Film ${index + 1}`,
      overview: `Örnek film ${index + 1} için kısa bir özet.`,
      release_date: `${year}-06-01`,
      genre_ids: [[28], [35], [18], [27, 53]][index % 4]!,
      vote_average: 5 + (index % 40) / 10,
      vote_count: 200 + index * 50,
      popularity: 50 - index,
      poster_path: `/filler${index}.jpg`,
      backdrop_path: null,
      runtime: 90 + index,
      release_dates: fillerReleaseDates(index),
      // "Örnek Film 11": recommendations and Turkish offers that no other test's cache has seen.
      ...(index === 10
        ? {
            recommendation_ids: [550, 238, 10_000, 10_004],
            watch_providers: {
              TR: {
                link: "https://www.themoviedb.org/movie/10010/watch?locale=TR",
                flatrate: [{ provider_id: 8, provider_name: "Netflix", logo_path: "/netflix.jpg" }],
                buy: [{ provider_id: 2, provider_name: "Apple TV", logo_path: "/appletv.jpg" }],
              },
            },
          }
        : {}),
    };
  }),
];

export interface FakeSeries extends Json {
  id: number;
  name: string;
  original_name: string;
  overview: string;
  first_air_date: string;
  genre_ids: number[];
  vote_average: number;
  vote_count: number;
  popularity: number;
}

const breakingBadEpisodes = [
  "Pilot",
  "Cat's in the Bag...",
  "...And the Bag's in the River",
  "Cancer Man",
  "Gray Matter",
  "Crazy Handful of Nothin'",
  "A No-Rough-Stuff-Type Deal",
].map((name, index) => ({
  id: 62085 + index,
  episode_number: index + 1,
  season_number: 1,
  name,
  overview:
    index === 0 ? "Kimya öğretmeni Walter White hayatını değiştirecek bir karar verir." : "",
  air_date: `2008-0${1 + Math.floor(index / 4)}-${String(20 + (index % 4) * 2).padStart(2, "0")}`,
  runtime: index === 0 ? 58 : 48,
  vote_average: index === 3 ? 0 : 8 + index / 10,
  still_path: `/bb-s1e${index + 1}.jpg`,
}));

export const series: FakeSeries[] = [
  {
    id: 1396,
    name: "Breaking Bad",
    original_name: "Breaking Bad",
    overview:
      "Kanser teşhisi konan bir kimya öğretmeni, ailesinin geleceği için suç dünyasına adım atar.",
    first_air_date: "2008-01-20",
    last_air_date: "2013-09-29",
    status: "Ended",
    genre_ids: [18, 80],
    content_ratings: contentRatings(["US", "TV-MA"], ["DE", "16"], ["TR", "18+"]),
    recommendation_ids: [1_000_201, 20_000, 20_001],
    watch_providers: {
      TR: {
        link: "https://www.themoviedb.org/tv/1396-breaking-bad/watch?locale=TR",
        flatrate: [
          {
            provider_id: 8,
            provider_name: "Netflix",
            logo_path: "/netflix.jpg",
            display_priority: 1,
          },
        ],
      },
    },
    vote_average: 8.9,
    vote_count: 15000,
    popularity: 120.5,
    poster_path: "/bb.jpg",
    backdrop_path: "/bb-bg.jpg",
    number_of_seasons: 5,
    number_of_episodes: 62,
    created_by: [person(66633, "Vince Gilligan")],
    seasons: [
      {
        id: 3577,
        name: "Özel Bölümler",
        season_number: 0,
        episode_count: 9,
        air_date: "2009-02-17",
        poster_path: null,
      },
      ...[7, 13, 13, 13, 16].map((count, index) => ({
        id: 3572 + index,
        name: `${index + 1}. Sezon`,
        season_number: index + 1,
        episode_count: count,
        air_date: `${2008 + index}-01-20`,
        poster_path: `/bb-s${index + 1}.jpg`,
      })),
    ],
    credits: {
      cast: [
        { ...person(17419, "Bryan Cranston"), character: "Walter White", order: 0 },
        { ...person(84497, "Aaron Paul"), character: "Jesse Pinkman", order: 1 },
      ],
      crew: [],
    },
    videos: { results: [] },
    images: { backdrops: images("bb-bd", 3), posters: [] },
    season_details: {
      1: {
        id: 3572,
        name: "1. Sezon",
        overview: "Walter White'ın dönüşümü başlar.",
        air_date: "2008-01-20",
        poster_path: "/bb-s1.jpg",
        season_number: 1,
        vote_average: 8.3,
        episodes: breakingBadEpisodes,
      },
      // A later season the movie database knows but lists no episodes of (seasons 3-5 it does
      // not answer at all): nothing may be concluded from either (issue #33.4).
      2: {
        id: 3573,
        name: "2. Sezon",
        overview: "",
        air_date: "2009-01-20",
        poster_path: "/bb-s2.jpg",
        season_number: 2,
        vote_average: 0,
        episodes: [],
      },
    },
    episode_extras: {
      "1-1": {
        guest_stars: [{ ...person(1_000_101, "Misafir Oyuncu"), character: "Muhabir", order: 0 }],
        crew: [
          { ...person(66633, "Vince Gilligan"), job: "Director", department: "Directing" },
          { ...person(66633, "Vince Gilligan"), job: "Writer", department: "Writing" },
          { ...person(1_000_102, "Ses Teknisyeni"), job: "Sound Mixer", department: "Sound" },
          { ...person(1_000_103, "Yapımcı Kişi"), job: "Producer", department: "Production" },
        ],
        credits: {
          cast: [
            { ...person(17419, "Bryan Cranston"), character: "Walter White", order: 0 },
            { ...person(84497, "Aaron Paul"), character: "Jesse Pinkman", order: 1 },
          ],
        },
      },
    },
  },
  {
    id: 1_000_201,
    name: "Yalı Çapkını",
    content_ratings: contentRatings(["TR", "7+"]),
    original_name: "Yalı Çapkını",
    overview: "Gaziantep'te güçlü bir ailenin çapkın oğlu, genç bir kızla zorla evlendirilir.",
    first_air_date: "2022-09-16",
    status: "Returning Series",
    genre_ids: [18, 10751],
    vote_average: 7.8,
    vote_count: 900,
    popularity: 80.2,
    poster_path: null,
    backdrop_path: null,
    number_of_seasons: 1,
    number_of_episodes: 37,
    created_by: [],
    seasons: [
      {
        id: 9001,
        name: "1. Sezon",
        season_number: 1,
        episode_count: 37,
        air_date: "2022-09-16",
        poster_path: null,
      },
    ],
    credits: { cast: [], crew: [] },
    videos: { results: [] },
    images: { backdrops: [], posters: [] },
  },
  ...Array.from({ length: 22 }, (_, index): FakeSeries => ({
    id: 20_000 + index,
    name: `Örnek Dizi ${index + 1}`,
    original_name: `Sample Series ${index + 1}`,
    overview: `Örnek dizi ${index + 1} için kısa bir özet.`,
    first_air_date: `${1990 + index}-09-01`,
    genre_ids: [[35], [18], [10759], [10765]][index % 4]!,
    vote_average: 6 + (index % 30) / 10,
    vote_count: 100 + index * 40,
    popularity: 40 - index,
    poster_path: null,
    backdrop_path: null,
    // General audiences, 13+ (and an American rating), none, in turn.
    content_ratings: [
      contentRatings(["TR", "Genel İzleyici"]),
      contentRatings(["US", "TV-14"], ["TR", "13+"]),
      contentRatings(),
    ][index % 3],
  })),
];

export interface FakePerson extends Json {
  id: number;
  name: string;
  biography: string;
  popularity: number;
}

export const people: FakePerson[] = [
  {
    id: 287,
    name: "Brad Pitt",
    biography: "Amerikalı oyuncu ve yapımcı.",
    birthday: "1963-12-18",
    deathday: null,
    place_of_birth: "Shawnee, Oklahoma, USA",
    known_for_department: "Acting",
    profile_path: "/p287.jpg",
    popularity: 45.2,
  },
  {
    id: 2_000_001,
    name: "Şener Şen",
    biography: "",
    biography_en: "Turkish actor, one of the best-known names of Turkish cinema.",
    birthday: "1941-12-26",
    deathday: null,
    place_of_birth: "Adana, Türkiye",
    known_for_department: "Acting",
    profile_path: null,
    popularity: 12.3,
  },
  {
    id: 3084,
    name: "Marlon Brando",
    biography: "Amerikalı oyuncu; yöntem oyunculuğunun öncülerinden.",
    birthday: "1924-04-03",
    deathday: "2004-07-01",
    place_of_birth: "Omaha, Nebraska, USA",
    known_for_department: "Acting",
    profile_path: "/p3084.jpg",
    popularity: 20.4,
  },
  {
    id: 7467,
    name: "David Fincher",
    biography: "Amerikalı yönetmen.",
    birthday: "1962-08-28",
    deathday: null,
    place_of_birth: "Denver, Colorado, USA",
    known_for_department: "Directing",
    profile_path: "/p7467.jpg",
    popularity: 10.1,
  },
  ...Array.from({ length: 30 }, (_, index): FakePerson => ({
    id: 30_000 + index,
    name: `Örnek Oyuncu ${index + 1}`,
    biography: "",
    known_for_department: index % 5 === 0 ? "Directing" : "Acting",
    profile_path: null,
    popularity: 30 - index / 2,
  })),
];

/** Films and series a person appears in, for /person/{id}?append_to_response=movie_credits,tv_credits. */
export const personCredits: Record<
  number,
  { movies: [number, string][]; series: [number, string][] }
> = {
  287: {
    movies: [
      [550, "Tyler Durden"],
      [10_000, "Kendisi"],
      [10_001, ""],
    ],
    series: [[20_000, "Konuk"]],
  },
  2_000_001: { movies: [[1_000_001, "Baran"]], series: [] },
  3084: { movies: [[238, "Don Vito Corleone"]], series: [] },
};

export const genreLists = genres;

/** IMDb ids the fake's `/find` knows (imports match IMDb files by them). */
export const imdbIds: Record<string, { mediaType: "movie" | "tv"; id: number }> = {
  tt0137523: { mediaType: "movie", id: 550 },
  tt0068646: { mediaType: "movie", id: 238 },
  tt0903747: { mediaType: "tv", id: 1396 },
};

/**
 * TheTVDB ids the fake's `/find` knows (TV Time exports name series by them); any other id is
 * unknown to it, as many are to the movie database.
 */
export const tvdbIds: Record<string, number> = {
  81189: 1396,
  418364: 1_000_201,
};

/*
 * Vizyonda: the cinema lists as the movie database answered them on Tuesday 11 March 2025
 * (CINEMA_SNAPSHOT_DAY; tests run the site's clock on that day). The lists' `release_date` is
 * each film's primary (often American) date; the Turkish day and certification are in
 * `release_dates`. These films are in no other list, so other tests see the same catalogue.
 */
export const CINEMA_SNAPSHOT_DAY = "2025-03-11";

type ReleaseEntry = [type: number, day: string, certification: string];
const cinemaReleaseDates = (countries: Record<string, ReleaseEntry[]>) => ({
  results: Object.entries(countries).map(([country, entries]) => ({
    iso_3166_1: country,
    release_dates: entries.map(([type, day, certification]) => ({
      certification,
      descriptors: [],
      iso_639_1: "",
      note: "",
      release_date: `${day}T00:00:00.000Z`,
      type,
    })),
  })),
});

const cinemaMovie = (
  id: number,
  title: string,
  originalTitle: string,
  releaseDate: string,
  genreIds: number[],
  popularity: number,
  countries: Record<string, ReleaseEntry[]>,
): FakeMovie => ({
  id,
  title,
  original_title: originalTitle,
  overview: `${title}: vizyon listeleri için hazırlanmış örnek bir film.`,
  release_date: releaseDate,
  genre_ids: genreIds,
  vote_average: 6.5,
  vote_count: 40,
  popularity,
  poster_path: `/cinema${id}.jpg`,
  backdrop_path: null,
  runtime: 100,
  credits: { cast: [], crew: [] },
  videos: { results: [] },
  images: { backdrops: [], posters: [] },
  release_dates: cinemaReleaseDates(countries),
});

export const cinemaMovies: FakeMovie[] = [
  // Opened in Türkiye this week, three weeks after America.
  cinemaMovie(40_001, "Gökyüzü Bekçileri", "Sky Wardens", "2025-02-14", [28, 878], 8, {
    US: [[3, "2025-02-14", "PG-13"]],
    TR: [[3, "2025-03-07", "13+"]],
  }),
  // A Turkish film, this week, for general audiences.
  cinemaMovie(40_002, "Bizim Mahalle", "Bizim Mahalle", "2025-03-07", [35, 10751], 6, {
    TR: [[3, "2025-03-07", "Genel İzleyici Kitlesi"]],
  }),
  cinemaMovie(40_003, "Kayıp Fener", "The Lost Lantern", "2025-01-31", [16, 10751], 7, {
    US: [[3, "2025-01-31", "PG"]],
    TR: [[3, "2025-02-21", "7+"]],
  }),
  // No Turkish entry at all: the list's date stands, and there is no rating.
  cinemaMovie(40_004, "Sessiz Liman", "Quiet Harbour", "2025-02-07", [18], 5, {
    US: [[3, "2025-02-07", "R"]],
  }),
  // A festival premiere in Türkiye first, then a limited theatrical release.
  cinemaMovie(40_005, "Son Gece", "The Last Night", "2025-01-15", [53], 4, {
    TR: [
      [1, "2025-01-15", ""],
      [2, "2025-02-28", "18+"],
    ],
  }),
  // Coming: rated later (an empty certification), a week after America.
  cinemaMovie(40_006, "Yıldız Tozu", "Stardust Run", "2025-03-14", [12, 878], 6, {
    US: [[3, "2025-03-14", "PG"]],
    TR: [[3, "2025-03-21", ""]],
  }),
  cinemaMovie(40_007, "Deniz Kızı Masalı", "A Mermaid's Tale", "2025-02-28", [16, 14], 5, {
    US: [[3, "2025-02-28", "G"]],
    TR: [[3, "2025-04-04", "Genel İzleyici Kitlesi"]],
  }),
  cinemaMovie(40_008, "Karanlık Oda", "Dark Room", "2025-03-14", [27], 3, {
    TR: [[3, "2025-03-14", "16+"]],
  }),
  // Only in the world's lists (no Turkish release): never on Vizyonda.
  cinemaMovie(40_009, "Yalnızca Yurt Dışında", "Abroad Only", "2025-03-05", [18], 9, {
    US: [[3, "2025-03-05", "PG-13"]],
  }),
  cinemaMovie(40_010, "Uzak Kıyılar", "Distant Shores", "2025-03-28", [12], 9, {
    US: [[3, "2025-03-28", "PG"]],
  }),
];

/** Ids of `now_playing` and `upcoming`, for region TR and for the world (no region). */
export const cinemaLists = {
  now_playing: {
    TR: [40_001, 40_003, 40_002, 40_004, 40_005],
    world: [40_009, 40_001, 40_004],
    dates: { minimum: "2025-01-28", maximum: "2025-03-12" },
  },
  upcoming: {
    // The real list's window starts a few days back: a film that opened on Friday is in it too.
    TR: [40_006, 40_002, 40_007, 40_008],
    world: [40_010, 40_006],
    dates: { minimum: "2025-03-12", maximum: "2025-04-04" },
  },
};
