import { describe, expect, it, vi } from "vitest";
import type { Catalogue } from "../catalogue.server";
import { memoizeCatalogue } from "./memo.server";

function fakeSource() {
  const movie = vi.fn(async (id: number) => (id === 404 ? null : { id }));
  const trendingMovies = vi.fn(async () => ({
    page: 1,
    results: [],
    totalPages: 1,
    totalResults: 0,
  }));
  return {
    movie,
    trendingMovies,
    source: {
      source: "local",
      imageBaseUrl: "/gorsel",
      movie,
      trendingMovies,
    } as unknown as Catalogue,
  };
}

describe("the memoized local catalogue", () => {
  it("asks the source once per question, and again for another question", async () => {
    const { movie, source } = fakeSource();
    const catalogue = memoizeCatalogue(source);
    const [a, b] = await Promise.all([catalogue.movie(1), catalogue.movie(1)]);
    expect(a).toBe(b);
    await catalogue.movie(1);
    await catalogue.movie(2);
    expect(movie).toHaveBeenCalledTimes(2);
    expect(catalogue.source).toBe("local");
  });

  it("does not keep a missing answer, and forgets the least recently used beyond its size", async () => {
    const { movie, source } = fakeSource();
    const catalogue = memoizeCatalogue(source, 2);
    await catalogue.movie(404);
    await catalogue.movie(404);
    expect(movie).toHaveBeenCalledTimes(2);
    await catalogue.movie(1);
    await catalogue.movie(2);
    await catalogue.movie(1);
    await catalogue.movie(3); // evicts 2
    await catalogue.movie(2);
    expect(movie).toHaveBeenCalledTimes(6);
  });

  it("asks again the next day (trending changes daily)", async () => {
    const { trendingMovies, source } = fakeSource();
    let time = 0;
    const catalogue = memoizeCatalogue(source, 10, () => time);
    await catalogue.trendingMovies();
    await catalogue.trendingMovies();
    time += 86_400_000;
    await catalogue.trendingMovies();
    expect(trendingMovies).toHaveBeenCalledTimes(2);
  });
});
