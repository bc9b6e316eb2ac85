import { foldTurkish } from "./text";

// Every render asks again for the slugs of the same names (cards, cast, genre links): each is
// worked out once. Bounded: emptied when full.
const slugs = new Map<string, string>();
const MAX_SLUGS = 20_000;

/** The spec's slug rule, without the id: "Eşkıya" → "eskiya", "Kış Uykusu" → "kis-uykusu". */
export function slugify(text: string): string {
  let slug = slugs.get(text);
  if (slug === undefined) {
    slug = foldTurkish(text)
      .replace(/[^a-z0-9\s-]/g, "")
      .trim()
      .replace(/\s+/g, "-")
      .replace(/-+/g, "-")
      .replace(/^-|-$/g, "");
    if (slugs.size >= MAX_SLUGS) slugs.clear();
    slugs.set(text, slug);
  }
  return slug;
}

/**
 * `{slug}-{year?}-{id}`: "Eşkıya", 1996, 12345 → "eskiya-1996-12345". The year is added when known
 * (cards and detail links); the id is always last.
 */
export function titleSlug(name: string, id: number, date?: string | null): string {
  const year = date && /^\d{4}/.test(date) ? date.slice(0, 4) : null;
  return [slugify(name), year, String(id)].filter(Boolean).join("-");
}

/** The numeric id at the end of a slug, or null when the last piece is not a number. */
export function idFromSlug(slug: string | undefined): number | null {
  const last = slug?.split("-").pop() ?? "";
  if (!/^\d{1,10}$/.test(last)) return null;
  const id = Number(last);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A season or episode number from the URL, or null when it is not one. */
export function numberParam(value: string | undefined): number | null {
  return value && /^\d{1,4}$/.test(value) ? Number(value) : null;
}
