import { describe, expect, it } from "vitest";
import { parseAwardSlug, yearParam } from "./slug";

describe("award slugs", () => {
  it("accepts the id and the spec's '{x}-{name}-kazananlari' forms", () => {
    expect(parseAwardSlug("oscars")).toMatchObject({ award: { id: "oscars" }, year: null });
    expect(parseAwardSlug("2024-oscar-kazananlari")).toMatchObject({
      award: { id: "oscars" },
      year: 2024,
    });
    expect(parseAwardSlug("emmy-kazananlari")).toMatchObject({ award: { id: "emmy" }, year: null });
    expect(parseAwardSlug("1999-altin-kure-kazananlari")).toMatchObject({
      award: { id: "golden-globe" },
      year: 1999,
    });
    expect(parseAwardSlug("golden-globe-kazananlari")).toMatchObject({
      award: { id: "golden-globe" },
    });
  });

  it("finds nothing for unknown awards", () => {
    expect(parseAwardSlug("grammy")).toBeNull();
    expect(parseAwardSlug("2024-grammy-kazananlari")).toBeNull();
    expect(parseAwardSlug("")).toBeNull();
  });

  it("reads four-digit years only", () => {
    expect(yearParam("2024")).toBe(2024);
    expect(yearParam("24")).toBeNull();
    expect(yearParam("abcd")).toBeNull();
    expect(yearParam(undefined)).toBeNull();
  });
});
