import { slugify } from "~/core/slug";
import { AWARDS, type AwardDefinition } from "./definitions";

/**
 * The award an URL names: its id ("oscars"), or the spec's slug form "{x}-{name}-kazananlari"
 * where {x} may be a four-digit year ("2024-oscar-kazananlari").
 */
export function parseAwardSlug(
  slug: string,
): { award: AwardDefinition; year: number | null } | null {
  const direct = AWARDS.find((award) => award.id === slug);
  if (direct) return { award: direct, year: null };
  const match = /^(?:(\d{4})-)?(.+)-kazananlari$/.exec(slug);
  if (!match) return null;
  const name = match[2]!;
  const award = AWARDS.find((item) => item.id === name || slugify(item.name) === name);
  return award ? { award, year: match[1] ? Number(match[1]) : null } : null;
}

export function yearParam(value: string | undefined): number | null {
  return value && /^\d{4}$/.test(value) ? Number(value) : null;
}
