import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatLongDate,
  formatRating,
  formatRuntime,
  metaDescription,
  yearOf,
} from "./format";

describe("Turkish formats", () => {
  it("writes long dates with Turkish month names", () => {
    expect(formatLongDate("2023-10-29")).toBe("29 Ekim 2023");
    expect(formatLongDate("1996-11-29")).toBe("29 Kasım 1996");
    expect(formatLongDate("2008-01-01")).toBe("1 Ocak 2008");
    expect(formatLongDate("2020-08-31")).toBe("31 Ağustos 2020");
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate("")).toBeNull();
    expect(formatLongDate("2020-13-45")).toBeNull();
  });

  it("writes runtimes as hours 's' and minutes 'dk'", () => {
    expect(formatRuntime(135)).toBe("2 sa 15 dk");
    expect(formatRuntime(120)).toBe("2 sa");
    expect(formatRuntime(45)).toBe("45 dk");
    expect(formatRuntime(0)).toBeNull();
    expect(formatRuntime(null)).toBeNull();
  });

  it("groups thousands with dots and shows ratings with one decimal", () => {
    expect(formatCount(12345)).toBe("12.345");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1234567)).toBe("1.234.567");
    expect(formatRating(8.438)).toBe("8.4");
    expect(formatRating(7)).toBe("7.0");
    expect(yearOf("1999-10-15")).toBe("1999");
    expect(yearOf(null)).toBe("TBA");
  });

  it("cuts descriptions to 155 characters on a word boundary", () => {
    const long = "Bir ".repeat(60);
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(155);
    expect(cut.endsWith("…")).toBe(true);
    expect(metaDescription("Kısa  özet.\n")).toBe("Kısa özet.");
  });
});
