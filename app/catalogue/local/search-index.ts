/** A film, series or person as search knows it. */
export interface SearchEntry {
  kind: "movie" | "tv" | "person";
  id: number;
}

export interface SearchIndex {
  /** The `size` entries after the first `skip` whose name contains `folded`, best first, and how many there are. */
  search(folded: string, skip: number, size: number): { entries: SearchEntry[]; total: number };
}

/**
 * Substring search over folded names (app/core/text.ts), given most popular first. Matches
 * rank by how the query sits in the name: the whole name, whole words at its start, its start,
 * whole words inside, a word's start, anywhere; then by popularity. One pass over the names.
 */
export function createSearchIndex(names: (SearchEntry & { text: string })[]): SearchIndex {
  const entries: SearchEntry[] = names.map(({ kind, id }) => ({ kind, id }));
  const texts = names.map((name) => name.text);
  return {
    search(folded, skip, size) {
      const wanted = skip + size;
      const tiers: number[][] = [[], [], [], [], [], []];
      const startWords = `${folded} `;
      const innerWords = ` ${folded} `;
      const wordStart = ` ${folded}`;
      let total = 0;
      for (let index = 0; index < texts.length; index++) {
        const text = texts[index]!;
        const at = text.indexOf(folded);
        if (at < 0) continue;
        total++;
        let tier: number;
        if (at === 0) {
          tier = text.length === folded.length ? 0 : text.startsWith(startWords) ? 1 : 2;
        } else if (text.includes(innerWords) || text.endsWith(wordStart)) tier = 3;
        else tier = text.includes(wordStart) ? 4 : 5;
        const bucket = tiers[tier]!;
        if (bucket.length < wanted) bucket.push(index);
      }
      return {
        entries: tiers
          .flat()
          .slice(skip, wanted)
          .map((index) => entries[index]!),
        total,
      };
    },
  };
}
