/** Shared display formats (Turkish locale). */

/** Vote average with one decimal, as the spec shows it (8.4). */
export function formatRating(voteAverage: number): string {
  return voteAverage.toFixed(1);
}

/** The year of a date, or 'TBA' when there is none. */
export function yearOf(date: string | null | undefined): string {
  return date && /^\d{4}/.test(date) ? date.slice(0, 4) : "TBA";
}

const numberFormat = new Intl.NumberFormat("tr-TR");
/** 12345 → "12.345". */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}
