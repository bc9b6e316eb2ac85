import { describe, expect, it } from "vitest";
import { createSearchIndex } from "./search-index";

const index = createSearchIndex(
  [
    "isikli sehir 1",
    "sehir isiklari",
    "kara isik",
    "isik",
    "isik ve golge",
    "kayip isik yolu",
    "deniz",
  ].map((text, id) => ({ kind: "movie" as const, id, text })),
);
const ids = (folded: string, skip = 0, size = 20) =>
  index.search(folded, skip, size).entries.map((entry) => entry.id);

describe("search index", () => {
  it("ranks the whole name, then whole words at the start, the start, whole words inside, a word's start, anywhere; popularity (given order) within each", () => {
    expect(ids("isik")).toEqual([3, 4, 0, 2, 5, 1]);
  });

  it("counts every match and pages through them", () => {
    expect(index.search("isik", 0, 2).total).toBe(6);
    expect(ids("isik", 2, 2)).toEqual([0, 2]);
    expect(ids("isik", 6, 2)).toEqual([]);
  });

  it("finds nothing when no name contains the query", () => {
    expect(index.search("ruzgar", 0, 20)).toEqual({ entries: [], total: 0 });
  });
});
