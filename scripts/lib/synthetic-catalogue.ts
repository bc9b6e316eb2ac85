import type { CatalogueContent } from "../../app/catalogue/local/content.server";
import type {
  GenresFile,
  MovieContent,
  PersonContent,
  SeriesContent,
} from "../../app/catalogue/local/content-schema";

/*
 * A deterministic synthetic catalogue of any size, for scale tests and benchmarks. The same
 * sizes and seed always give the same items. Names are Turkish, with the letters search must fold.
 */

const ADJECTIVES = [
  "Kayıp",
  "Sessiz",
  "Işıklı",
  "Gizli",
  "Son",
  "Büyük",
  "Kırık",
  "Uzak",
  "Çılgın",
  "Şanslı",
  "Ölümsüz",
  "Güzel",
  "Karanlık",
  "Yüce",
  "Soğuk",
  "İlk",
  "Eski",
  "Yeni",
  "Kısa",
  "Derin",
];
const NOUNS = [
  "Şehir",
  "Deniz",
  "Yol",
  "Ağaç",
  "Rüya",
  "Işık",
  "Gölge",
  "Kuş",
  "Yıldız",
  "Çiçek",
  "Köprü",
  "Ev",
  "Dağ",
  "İstanbul",
  "Ankara",
  "Göl",
  "Rüzgâr",
  "Ay",
  "Güneş",
  "Düğün",
];
const FIRST_NAMES = [
  "Ayşe",
  "Mehmet",
  "Şule",
  "Oğuz",
  "Çağla",
  "İbrahim",
  "Gülşen",
  "Ömer",
  "Işıl",
  "Ümit",
  "Deniz",
  "Cem",
  "Elif",
  "Barış",
  "Zeynep",
  "Tarık",
  "Nur",
  "Kıvanç",
  "Özge",
  "Haluk",
];
const LAST_NAMES = [
  "Yılmaz",
  "Kaya",
  "Şahin",
  "Çelik",
  "Öztürk",
  "Aydın",
  "Doğan",
  "Kılıç",
  "Arslan",
  "Işık",
  "Güneş",
  "Koç",
  "Kurt",
  "Özdemir",
  "Erdoğan",
  "Yıldız",
  "Aksoy",
  "Polat",
  "Çakır",
  "Uçar",
];
const MOVIE_GENRES = [
  28, 12, 16, 35, 80, 99, 18, 10751, 14, 36, 27, 10402, 9648, 10749, 878, 10770, 53, 10752, 37,
];
const TV_GENRES = [
  10759, 16, 35, 80, 99, 18, 10751, 10762, 9648, 10763, 10764, 10765, 10766, 10767, 10768, 37,
];

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface SyntheticSizes {
  movies: number;
  series: number;
  people: number;
  seed?: number;
  /** Called every 1,000 items, for a progress bar. */
  onProgress?: (done: number, total: number) => void;
}

const SYNTHETIC_GENRES: GenresFile = {
  movie: MOVIE_GENRES.map((id) => ({ id, name: `Tür ${id}` })),
  tv: TV_GENRES.map((id) => ({ id, name: `Tür ${id}` })),
};

export function generateCatalogue(sizes: SyntheticSizes): CatalogueContent {
  const next = random(sizes.seed ?? 42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const total = sizes.movies + sizes.series + sizes.people;
  let done = 0;
  const tick = () => {
    done++;
    if (done % 1000 === 0 || done === total) sizes.onProgress?.(done, total);
  };
  const date = () => {
    const year = 1950 + Math.floor(next() * 76);
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  };
  const title = (index: number) => `${pick(ADJECTIVES)} ${pick(NOUNS)} ${index + 1}`;

  const people: (PersonContent & { id: number })[] = [];
  for (let index = 0; index < sizes.people; index++) {
    const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)} ${index + 1}`;
    people.push({
      key: `kisi-${index + 1}`,
      id: index + 1,
      name,
      knownForDepartment: next() < 0.85 ? "Acting" : "Directing",
      gender: null,
      birthday: date(),
      deathday: null,
      placeOfBirth: "İstanbul, Türkiye",
      biography: next() < 0.3 ? `${name} sentetik katalogda yer alan bir sanatçıdır.` : "",
      popularity: Math.round(next() * 1000) / 10,
    });
    tick();
  }
  const castFrom = (count: number) =>
    people.length === 0
      ? []
      : Array.from({ length: count }, () => ({ person: pick(people).key, character: "Karakter" }));
  const scores = () => ({
    voteAverage: Math.round(next() * 100) / 10,
    voteCount: Math.floor(next() * 20_000),
    popularity: Math.round(next() * 2000) / 10,
  });
  const overview = (name: string) =>
    `${name}, sentetik katalog için üretilmiş bir yapımdır; ölçek testlerinde kullanılır.`;

  const movies: (MovieContent & { id: number })[] = [];
  for (let index = 0; index < sizes.movies; index++) {
    const name = title(index);
    movies.push({
      key: `film-${index + 1}`,
      id: index + 1,
      title: name,
      originalTitle: name,
      originalLanguage: "tr",
      otherTitles: [],
      releaseDate: date(),
      runtime: 80 + Math.floor(next() * 80),
      genres: [pick(MOVIE_GENRES), pick(MOVIE_GENRES)].filter(
        (id, i, all) => all.indexOf(id) === i,
      ),
      ...scores(),
      overview: overview(name),
      cast: castFrom(5),
      crew: people.length ? [{ person: pick(people).key, job: "Director" }] : [],
      videos: [],
    });
    tick();
  }

  const series: (SeriesContent & { id: number })[] = [];
  for (let index = 0; index < sizes.series; index++) {
    const name = title(index);
    const first = date();
    const seasons = 1 + Math.floor(next() * 4);
    series.push({
      key: `dizi-${index + 1}`,
      id: index + 1,
      name,
      originalName: name,
      originalLanguage: "tr",
      otherTitles: [],
      firstAirDate: first,
      lastAirDate: null,
      status: next() < 0.5 ? "Ended" : "Returning Series",
      episodeRuntime: 45,
      genres: [pick(TV_GENRES)],
      ...scores(),
      overview: overview(name),
      createdBy: people.length ? [pick(people).key] : [],
      cast: castFrom(5),
      crew: [],
      seasons: Array.from({ length: seasons }, (_, season) => ({
        seasonNumber: season + 1,
        name: `${season + 1}. Sezon`,
        airDate: first,
        episodeCount: 8,
        overview: "",
        voteAverage: 0,
        episodes:
          index % 10 === 0
            ? Array.from({ length: 8 }, (_, episode) => ({
                episodeNumber: episode + 1,
                name: `Bölüm ${episode + 1}`,
                airDate: first,
                runtime: 45,
                overview: "",
                voteAverage: 0,
                guestStars: [],
                crew: [],
              }))
            : undefined,
      })),
      videos: [],
    });
    tick();
  }

  return { genres: SYNTHETIC_GENRES, movies, series, people };
}
