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

const longDate = new Intl.DateTimeFormat("tr-TR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
/** "2023-10-29" → "29 Ekim 2023"; null when there is no valid date. */
export function formatLongDate(date: string | null | undefined): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? null : longDate.format(parsed);
}

/** 135 → "2 sa 15 dk", 120 → "2 sa", 45 → "45 dk": the site's one runtime format; null when unknown. */
export function formatRuntime(minutes: number | null | undefined): string | null {
  if (!minutes || minutes <= 0) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} sa` : "", rest ? `${rest} dk` : ""].filter(Boolean).join(" ");
}

/** Overview cut to the spec's 155 characters for meta descriptions, on a word boundary. */
export function metaDescription(text: string, limit = 155): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

const dateTime = new Intl.DateTimeFormat("tr-TR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Istanbul",
});
/** An instant as Istanbul sees it: "26 Kasım 2026 12:53". */
export function formatDateTime(instant: Date | string): string {
  return dateTime.format(new Date(instant));
}
