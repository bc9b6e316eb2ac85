import { idFromSlug, slugify, titleSlug } from "./slug";
import { foldTurkish } from "./text";
import { PENDING_PARAM, RETURN_PARAM } from "./return-path";

/*
 * Every page URL of the site (SPEC.md section 2) is built here and nowhere else: links, canonical
 * URLs, the sitemap, redirects. Parameters are plain shapes, so any layer can call it.
 */

type Kind = "movie" | "tv";

interface Named {
  id: number;
  name: string;
}

/** A film or series as its URL needs it: the display name and, when known, the date (year). */
interface Dated extends Named {
  date?: string | null;
}

const SECTIONS: Record<Kind, string> = { movie: "/filmler", tv: "/diziler" };
const SEARCH = "/ara";

/** A genre's URL piece: "Bilim-Kurgu", 878 → "bilim-kurgu-878". */
export const genreSlug = (genre: Named) => `${slugify(genre.name)}-${genre.id}`;

/** The Beğenenler page's piece for each kind of liked thing. */
export const LIKED_KIND_SEGMENT = { review: "yorum", diary: "gunluk", list: "liste" } as const;

const CALENDAR_FEED_PREFIX = "/takvim/abonelik/";
const LIST_INVITE_PREFIX = "/liste-davet/";
const UNSUBSCRIBE_PREFIX = "/bildirimler/abonelik/";

/**
 * A username's key (issue #25): what makes it unique and what its address is looked up by.
 * "Ayşe.K", "AYSE.k" and "ayse.k" are one name; usernames hold only Latin and Turkish letters,
 * digits, `_` and `.`, so a key is `[a-z0-9_.]`.
 */
export const usernameKey = (username: string) => foldTurkish(username);

const withPage = (path: string, page: number, separator: "?" | "&") =>
  page > 1 ? `${path}${separator}sayfa=${page}` : path;

export const paths = {
  home: "/",
  auth: "/auth",
  /** /auth with the sign-up tab open (the tab is in the URL, so it works without JavaScript). */
  authSignUp: "/auth?sekme=kayit",
  /**
   * /auth that comes back to `returnTo` (a path on this site, checked again by the server) after
   * signing in, and then does what was asked (`pending`, e.g. `izleme-listesi:movie:550`).
   */
  authReturningTo: (returnTo: string, pending?: string | null, tab?: "kayit") => {
    const query = new URLSearchParams();
    if (tab) query.set("sekme", tab);
    query.set(RETURN_PARAM, returnTo);
    if (pending) query.set(PENDING_PARAM, pending);
    return `/auth?${query}`;
  },
  /** The second step of a two-factor sign-in. */
  twoFactor: "/auth/iki-adim",
  signOut: "/cikis",
  account: "/hesap",
  accountData: "/hesap/verilerim",
  /** İçe aktar: a Letterboxd or IMDb history; then one import's progress, review and report. */
  historyImport: "/hesap/ice-aktar",
  historyImportStatus: (importId: number) => `/hesap/ice-aktar/${importId}`,
  passkeyRegistration: "/hesap/gecis-anahtari",
  passkeySignIn: "/auth/gecis-anahtari",
  dashboard: "/dashboard",
  /** İzleme Listem: what is still to watch (İzleyeceğim, İzliyorum). */
  watchlist: "/dashboard/liste",
  /** İzlediklerim: every title marked İzledim (decision 029). */
  watched: "/dashboard/izlediklerim",
  /** Günlük: every watch a person logged, by month. */
  diary: "/dashboard/gunluk",
  diaryEntry: (entryId: number) => `/dashboard/gunluk/${entryId}`,
  /** Where Puanım (the one-tap rating of a film, series or episode) posts. */
  rate: "/puan",
  /** "Yıllık özet": a person's year in numbers. */
  yearSummary: (year: number) => `/dashboard/ozet/${year}`,
  /** The diary and ratings as CSV files for Letterboxd's and IMDb-style importers. */
  letterboxdExport: "/hesap/disa-aktar/letterboxd",
  imdbExport: "/hesap/disa-aktar/imdb",
  awards: "/oduller",
  calendar: "/takvim",
  /** A person's private iCalendar feed; the token is a secret (see `redactSecrets`). */
  calendarFeed: (token: string) => `${CALENDAR_FEED_PREFIX}${token}.ics`,
  /** The episode-mark form's action (POST). */
  episodeMark: "/bolum-izle",
  /** Vizyonda: what is on in Turkish cinemas this week, what is showing, what is coming. */
  cinema: "/vizyonda",
  /** Vizyonda's "Aile dostu" filter: only films rated for general audiences or young children. */
  cinemaFamilyFriendly: "/vizyonda/aile-dostu",

  /** Listeler (issue #25): a person's lists, then one list's editing page (owner and editors). */
  lists: "/dashboard/listeler",
  listEdit: (listId: number, page = 1) =>
    page > 1 ? `/dashboard/listeler/${listId}?sayfa=${page}` : `/dashboard/listeler/${listId}`,
  /**
   * A list's own page, `/liste/{id}-{slug}` (just `/liste/{id}` when the name gives no slug);
   * a long list's later pages add `?sayfa=n`.
   */
  list: (list: { id: number; name: string }, page = 1) => {
    const slug = slugify(list.name);
    const path = slug ? `/liste/${list.id}-${slug}` : `/liste/${list.id}`;
    return page > 1 ? `${path}?sayfa=${page}` : path;
  },
  /** "Listeye ekle…" posts here, from film, series and search pages. */
  addToList: "/listeye-ekle",
  /** The title's choices of lists: the picker's data, and the page it is without JavaScript. */
  addToListChoices: (item: { type: Kind; id: number }) =>
    `/listeye-ekle?tur=${item.type}&id=${item.id}`,
  /** "Birlikte düzenle": a list's editors and invite links (its owner's). */
  listSharing: (listId: number) => `/dashboard/listeler/${listId}/paylasim`,
  /** A single-use invite to edit a list; the token is a secret (see `redactSecrets`). */
  listInvite: (token: string) => `${LIST_INVITE_PREFIX}${token}`,
  /** Bildirimler (issue #36): the bell's page. */
  notifications: "/bildirimler",
  /** One kind of e-mail turned off without a session; the token is signed (see `redactSecrets`). */
  unsubscribe: (token: string) => `${UNSUBSCRIBE_PREFIX}${token}`,
  /** A public profile. */
  profile: (username: string) => `/u/${encodeURIComponent(username)}`,
  /*
   * Link-preview pictures (1200×630 PNG, decision 028) under their page's address, so they carry
   * the page's tag and go with it: a list's, a public profile's, and a public profile's year.
   */
  listImage: (list: { id: number; name: string }): string => `${paths.list(list)}/onizleme.png`,
  profileImage: (username: string) => `/u/${encodeURIComponent(username)}/onizleme.png`,
  /** A public profile's followers and the people it follows (issue #38). */
  profileFollowers: (username: string, page = 1) =>
    `/u/${encodeURIComponent(username)}/takipciler${page > 1 ? `?sayfa=${page}` : ""}`,
  profileFollowing: (username: string, page = 1) =>
    `/u/${encodeURIComponent(username)}/takip-edilenler${page > 1 ? `?sayfa=${page}` : ""}`,
  /** Akış: what the people one follows watched; `once` is the cursor of the next page. */
  feed: (cursor?: string) => (cursor ? `/akis?once=${encodeURIComponent(cursor)}` : "/akis"),
  /** Where Takip et, Takibi bırak, Engelle and Engeli kaldır post. */
  peopleAction: "/kisiler",
  /** Where Beğen, comments, replies and Bildir post (issue #38). */
  socialAction: "/birlikte",
  /** Where a comment, reply or edit posts: without JavaScript a refusal is a page with the text. */
  commentAction: "/birlikte/yorum",
  /** Who liked a review, a diary entry with words or a public list (issue #38.3). */
  likers: (target: { type: "review" | "diary" | "list"; id: number }) =>
    `/begenenler/${LIKED_KIND_SEGMENT[target.type]}/${target.id}`,
  yearSummaryImage: (username: string, year: number) =>
    `/u/${encodeURIComponent(username)}/ozet/${year}.png`,

  /** `/filmler` or `/diziler`: the genre list of a kind. */
  section: (kind: Kind) => SECTIONS[kind],
  /** A genre page; a genre whose slug was already computed (or taken from the URL) keeps it. */
  genre: (kind: Kind, genre: Named | { slug: string }) =>
    `${SECTIONS[kind]}/${"slug" in genre ? genre.slug : genreSlug(genre)}`,

  /** `/film/{slug}` or `/dizi/{slug}`, the slug ending in the year (when known) and the id. */
  title: (kind: Kind, title: Dated) =>
    `${kind === "movie" ? "/film" : "/dizi"}/${titleSlug(title.name, title.id, title.date)}`,
  season: (seriesId: number, seasonNumber: number) => `/dizi/${seriesId}/sezon/${seasonNumber}`,
  episode: (seriesId: number, seasonNumber: number, episodeNumber: number) =>
    `/dizi/${seriesId}/sezon/${seasonNumber}/bolum/${episodeNumber}`,
  person: (person: Named) => `/oyuncu/${titleSlug(person.name, person.id)}`,
  people: (page = 1) => withPage("/oyuncular", page, "?"),

  /** The search page itself (the form's action); `search` adds the query. */
  searchPage: SEARCH,
  search: (query: string, page = 1) =>
    withPage(`${SEARCH}?q=${encodeURIComponent(query)}`, page, "&"),
  award: (awardId: string, year?: number | null) =>
    year ? `/oduller/${awardId}/${year}` : `/oduller/${awardId}`,
} as const;

/*
 * The other direction, for the page cache and the logs: which address a request is for, what a
 * page URL shows, and which part of a URL can change a page at all.
 */

/** Characters that mean the same percent-encoded or not (RFC 3986 "unreserved"). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Paths URL parsing leaves as they are: no backslash, dot segment (`.`, `..`, `%2e`) or character
 * it would encode. Most paths are.
 */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%(?!2[eE]))*)+$/;
/** An escape that may not be in its one spelling: in lower case, or of an ASCII character. */
const ODD_ESCAPE = /%(?![89A-F][0-9A-F])/;

/**
 * A path as React Router reads it, in one spelling: parsed as the server parses it for React
 * Router (dot segments resolved, `\` read as `/`, other characters percent-encoded), then the
 * escapes of unreserved characters written as the characters and every other escape in capitals
 * (`/l%69ste/%31` is `/liste/1`, `%c5%9f` is `%C5%9F`). Case is kept.
 */
function normalisedPath(pathname: string): string {
  let path = pathname;
  if (!PLAIN_PATH.test(path)) {
    try {
      path = new URL(`http://x${pathname}`).pathname;
    } catch {
      // Kept as it came.
    }
  }
  if (!ODD_ESCAPE.test(path)) return path;
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : escape.toUpperCase();
  });
}

/** ASCII letters in lower case, escapes (`%C5%9F`, a broken `%A`) as they are. */
const lowerCase = (path: string) =>
  !/[A-Z]/.test(path)
    ? path
    : path.replace(/%[0-9A-Fa-f]{0,2}|[A-Z]+/g, (part) =>
        part[0] === "%" ? part : part.toLowerCase(),
      );

/**
 * Paths whose rest keeps its case: a drawn image's file, a feed's or an invite's token, a
 * username (its address is spelled as its owner spells it: the profile page sends any other
 * spelling there).
 */
const CASED_PREFIXES = [
  "/gorsel/",
  CALENDAR_FEED_PREFIX,
  LIST_INVITE_PREFIX,
  UNSUBSCRIBE_PREFIX,
  "/u/",
];
const LONGEST_CASED_PREFIX = Math.max(...CASED_PREFIXES.map((prefix) => prefix.length));

/**
 * The one address of the page a path names (issue 32): every path of the site is lower case but
 * for the parts CASED_PREFIXES keep, has no trailing slash, and is spelled as `normalisedPath`
 * writes it. React Router matches paths in any case and spelling; the server redirects every
 * other spelling here (server/canonical-address.ts), so the page cache keeps, tags and drops
 * each page under one key. Null for what is no address of ours (a path that resolves to
 * `//host…`).
 */
export function canonicalPath(pathname: string): string | null {
  const path = normalisedPath(pathname);
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  const head = lowerCase(path.slice(0, LONGEST_CASED_PREFIX));
  const cased = CASED_PREFIXES.find((prefix) => head.startsWith(prefix));
  const canonical = cased ? cased + path.slice(cased.length) : lowerCase(path);
  return canonical.length > 1 && canonical.endsWith("/")
    ? canonical.replace(/\/+$/, "") || "/"
    : canonical;
}

/**
 * The calendar feed has one address, `{token}.ics`: React Router would also answer
 * `{token}.ics.data` with the calendar, as the data of a page. False for that (a canonical path).
 */
export const isAddress = (canonical: string) =>
  !(canonical.startsWith(CALENDAR_FEED_PREFIX) && canonical.endsWith(".data"));

/**
 * Every query parameter the site reads, anywhere (tests/unit/page-params.test.ts checks the
 * source for others): the page cache keys a page by its path and these alone, so
 * `/film/x?utm_source=y` is answered by the copy of `/film/x`. React Router's own data requests
 * read `_routes` and `index`.
 */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  "sayfa",
  "siralama",
  "yil",
  "puan",
  "q",
  "puanla",
  "token",
  "durum",
  "tur",
  "id",
  "sirala",
  "sekme",
  "_routes",
  "index",
  // The import review screen's hand search (a private page, never cached): row and query.
  "satir",
  "ara",
  // Sign-in's way back and what it completes there (issue 33.8; RETURN_PARAM, PENDING_PARAM).
  "donus",
  "istek",
  // /akis: the feed's next page (signed-in only, so never stored; listed all the same).
  "once",
]);

// An episode's page shows its own Perde puanı: it is tagged with its series (`tv:1399`), so an
// episode rated drops the series' pages and its episodes' pages together.
const ITEM_PAGE = /^\/(film|dizi|oyuncu)\/([^/]+?)(?:\/sezon\/\d+\/bolum\/\d+)?(?:\.data)?$/;
const ITEM_TYPES = { film: "movie", dizi: "tv", oyuncu: "person" } as const;
// A list's and a profile's preview pictures (decision 028) are tagged as their pages.
const LIST_PAGE = /^\/liste\/(\d{1,15})(?:-[^/]*)?(?:\.data|\/onizleme\.png)?$/;
const PROFILE_PAGE =
  /^\/u\/([^/]+?)(?:\.data|\/onizleme\.png|\/ozet\/\d{4}\.png|\/(?:takipciler|takip-edilenler)(?:\.data)?)?$/;

/**
 * What this path's page (or its data) shows that can change under it, as a tag, read from the
 * path's canonical spelling: `movie:603` for the pages that show an item's reviews and "Perde
 * puanı", `list:12` for a list's page, `profile:ayse.k` for a profile (by its username's key).
 * Announcing the item (ItemChanges) drops the pages with its tag.
 */
export function pageTagOfPath(path: string): string | null {
  const pathname = canonicalPath(path);
  if (pathname === null) return null;
  const item = ITEM_PAGE.exec(pathname);
  if (item) {
    const id = idFromSlug(item[2]);
    return id === null
      ? null
      : itemTag({ type: ITEM_TYPES[item[1] as keyof typeof ITEM_TYPES], id });
  }
  const list = LIST_PAGE.exec(pathname);
  if (list) return itemTag({ type: "list", id: Number(list[1]) });
  const profile = PROFILE_PAGE.exec(pathname);
  if (profile) {
    let name: string;
    try {
      name = decodeURIComponent(profile[1]!);
    } catch {
      return null;
    }
    return itemTag({ type: "profile", id: usernameKey(name) });
  }
  return null;
}

export const itemTag = (item: { type: string; id: number | string }) => `${item.type}:${item.id}`;

/**
 * A tag as a header value (`Surrogate-Key`, `Cache-Tag`, a CDN purge): shared caches split those
 * at spaces and commas, and a header carries no letter beyond Latin-1 (a profile's name).
 */
export const tagHeaderValue = (tag: string) =>
  tag.replace(/[^\w:.-]/g, (char) => encodeURIComponent(char));

/**
 * Where a path's part is a secret: a calendar feed's token, a list invite's token. Matched
 * anywhere in the path and in any case: a path React Router would not send to the feed still
 * gets its token hidden.
 */
const SECRET_PART = /(\/takvim\/abonelik\/|\/liste-davet\/|\/bildirimler\/abonelik\/)[^/?#]*/gi;
const SECRET_PREFIX = /\/takvim\/abonelik\/|\/liste-davet\/|\/bildirimler\/abonelik\//i;

/**
 * Whether a path carries a secret (a calendar feed's or a list invite's token), in any spelling:
 * the page cache neither stores nor looks up such a path, so the token never becomes a cache key
 * (in memory or in Redis).
 */
export const carriesSecret = (pathname: string) => SECRET_PREFIX.test(normalisedPath(pathname));

/**
 * A URL or path fit for a log line, in its normalised spelling: a feed's or an invite's token
 * becomes `[gizli]`, however the address was written (`/TAKVIM/abonelik/…`, `/t%61kvim/…`).
 */
export const redactSecrets = (url: string) => {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const rest = queryAt === -1 ? "" : url.slice(queryAt);
  return (normalisedPath(path) + rest).replace(SECRET_PART, "$1[gizli]");
};
