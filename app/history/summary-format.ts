import { formatCount } from "~/core/format";

/** The minutes an episode counts for when neither the episode nor its series knows its runtime. */
export const DEFAULT_EPISODE_MINUTES = 45;

/** The summary's words for months: abbreviations under the bars, full names in the table. */
export const MONTH_ABBREVIATIONS = [
  "Oca",
  "Şub",
  "Mar",
  "Nis",
  "May",
  "Haz",
  "Tem",
  "Ağu",
  "Eyl",
  "Eki",
  "Kas",
  "Ara",
] as const;

export const MONTH_NAMES = [
  "Ocak",
  "Şubat",
  "Mart",
  "Nisan",
  "Mayıs",
  "Haziran",
  "Temmuz",
  "Ağustos",
  "Eylül",
  "Ekim",
  "Kasım",
  "Aralık",
] as const;

/** Whole hours of a number of minutes, as the summary shows them. */
export const hoursOf = (minutes: number) => Math.round(minutes / 60);

/**
 * The change against the year before: "Geçen yıla göre +12 film, %15 daha fazla", "Geçen yıla
 * göre -3 bölüm, %10 daha az", "Geçen yılla aynı", or "Geçen yıl hiç yoktu"; null when both
 * years are empty.
 */
export function changeText(current: number, previous: number, unit: string): string | null {
  if (current === 0 && previous === 0) return null;
  if (previous === 0) return "Geçen yıl hiç yoktu";
  const difference = current - previous;
  if (difference === 0) return "Geçen yılla aynı";
  const percent = Math.round((Math.abs(difference) / previous) * 100);
  const sign = difference > 0 ? "+" : "-";
  return `Geçen yıla göre ${sign}${formatCount(Math.abs(difference))} ${unit}, %${formatCount(percent)} daha ${
    difference > 0 ? "fazla" : "az"
  }`;
}
