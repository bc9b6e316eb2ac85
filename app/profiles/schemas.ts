import { MIN_QUERY_LENGTH } from "~/catalogue/search";
import type { MovieSummary } from "~/catalogue/types";
import { usernameKey } from "~/core/paths";
import { formSchema, z } from "~/ui/zod";

/*
 * The profile forms on /hesap (issue #25.4): one schema each, used by the browser for instant
 * feedback and by the server again; the first message is the toast.
 */

const USERNAME_MIN = 3;
const USERNAME_MAX = 30;

/** Latin and Turkish letters, digits, `_` and `.`: what folds to the key's `[a-z0-9_.]`. */
const USERNAME_CHARACTERS = /^[A-Za-zÇĞİÖŞÜçğıöşü0-9_.]+$/;

/**
 * Words a username may not be (compared by key, `_` and `.` left out, so "Hesap", "HESAP" and
 * "he.sap" are all refused): the site's own addresses and names that could pass for the site.
 */
const RESERVED = new Set([
  "hesap",
  "admin",
  "administrator",
  "auth",
  "dashboard",
  "api",
  "u",
  "liste",
  "listeler",
  "listeyeekle",
  "listedavet",
  "takvim",
  "film",
  "filmler",
  "dizi",
  "diziler",
  "oyuncu",
  "oyuncular",
  "oduller",
  "ara",
  "vizyonda",
  "perde",
  "yonetim",
  "yonetici",
  "destek",
  "yardim",
  "iletisim",
  "moderator",
  "root",
  "sistem",
  "system",
  "null",
  "undefined",
  "cikis",
  "giris",
  "kayit",
  "gorsel",
  "sitemap",
  "robots",
  "healthz",
  "readyz",
  "metrics",
]);

/** Whether a username is one of the reserved words, whatever its case, letters and dots. */
const isReservedUsername = (username: string) =>
  RESERVED.has(usernameKey(username).replace(/[._]/g, ""));

const USERNAME_MESSAGES = {
  missing: "Bir kullanıcı adı yazın",
  short: `Kullanıcı adı en az ${USERNAME_MIN} karakter olmalıdır`,
  long: `Kullanıcı adı en fazla ${USERNAME_MAX} karakter olabilir`,
  characters: "Kullanıcı adında yalnızca harf, rakam, alt çizgi (_) ve nokta (.) olabilir",
  noLetter: "Kullanıcı adında en az bir harf ya da rakam olmalıdır",
  punctuation:
    "Kullanıcı adı harf ya da rakamla başlayıp bitmeli; alt çizgi (_) ve nokta (.) yan yana gelemez",
  reserved: "Bu kullanıcı adı kullanılamaz, lütfen başka bir ad seçin",
} as const;

/** Said when the name's key belongs to someone else (found first, or lost in a race). */
export const USERNAME_TAKEN = "Bu kullanıcı adı başkası tarafından alınmış";

const username = z
  .string({ error: USERNAME_MESSAGES.missing })
  .trim()
  // "ş" typed as s + a combining cedilla is one letter.
  .normalize("NFC")
  .min(1, USERNAME_MESSAGES.missing)
  .min(USERNAME_MIN, USERNAME_MESSAGES.short)
  .max(USERNAME_MAX, USERNAME_MESSAGES.long)
  .regex(USERNAME_CHARACTERS, USERNAME_MESSAGES.characters)
  .regex(/[\p{L}\p{N}]/u, USERNAME_MESSAGES.noLetter)
  // "ayse.", "_ayse" and "ay__se" would sit beside "ayse" and pass for it: punctuation only
  // between letters or digits, one mark at a time. Names chosen before this rule keep working
  // (pages find a profile by its key); they are only refused when chosen again.
  .regex(/^[^_.](?:[^_.]|[_.](?=[^_.]))*$/u, USERNAME_MESSAGES.punctuation)
  .refine((value) => !isReservedUsername(value), USERNAME_MESSAGES.reserved);

export const usernameSchema = formSchema({ username });

export const visibilitySchema = formSchema({
  visibility: z.enum(["public", "private"], { error: "Profil görünürlüğü seçilmedi" }),
});

const movieId = z.coerce
  .number({ error: "Film seçilmedi" })
  .int("Film seçilmedi")
  .positive("Film seçilmedi")
  .max(2_147_483_647, "Film seçilmedi");

export const favoriteSchema = formSchema({ movieId });

export const favoriteMoveSchema = formSchema({
  movieId,
  direction: z.enum(["up", "down"], { error: "Yön seçilmedi" }),
});

const SEARCH_TOO_SHORT = `Aramak için en az ${MIN_QUERY_LENGTH} karakter yazın`;

/** The picker's search without JavaScript (with it, the picker asks /api/arama as you type). */
export const favoriteSearchSchema = formSchema({
  q: z
    .string({ error: SEARCH_TOO_SHORT })
    .trim()
    .min(MIN_QUERY_LENGTH, SEARCH_TOO_SHORT)
    .max(100, "Arama en fazla 100 karakter olabilir"),
});

export const FAVORITES_MAX = 4;

/** A film offered by the picker's search (without JavaScript it comes in the form's answer). */
export interface FavoriteChoice {
  id: number;
  title: string;
  date: string | null;
  posterPath: string | null;
}

/** A film of a search answer as the picker shows it, on the server and in the browser. */
export const toChoice = (movie: MovieSummary): FavoriteChoice => ({
  id: movie.id,
  title: movie.title,
  date: movie.releaseDate,
  posterPath: movie.posterPath,
});
