import { describe, expect, it } from "vitest";
import { idFromSlug, slugify, titleSlug } from "./slug";
import { searchText } from "./text";

describe("slugify", () => {
  it.each([
    ["Eşkıya", "eskiya"],
    ["Kış Uykusu", "kis-uykusu"],
    ["Ağır Roman", "agir-roman"],
    ["Çöpçüler Kralı", "copculer-krali"],
    ["İstanbul Hatırası", "istanbul-hatirasi"],
    ["IŞIK", "isik"],
    ["Yüzüklerin Efendisi: Kralın Dönüşü", "yuzuklerin-efendisi-kralin-donusu"],
    ["Amélie", "amelie"],
    ["  Behzat Ç. -- Bir  Ankara   Polisiyesi ", "behzat-c-bir-ankara-polisiyesi"],
    ["Spider-Man: Across the Spider-Verse", "spider-man-across-the-spider-verse"],
    ["千と千尋の神隠し", ""],
  ])("%s → %s", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe("titleSlug", () => {
  it("ends with the id, with the year before it when known", () => {
    expect(titleSlug("Eşkıya", 18979, "1996-11-29")).toBe("eskiya-1996-18979");
    expect(titleSlug("Eşkıya", 18979)).toBe("eskiya-18979");
    expect(titleSlug("Eşkıya", 18979, null)).toBe("eskiya-18979");
    expect(titleSlug("千と千尋の神隠し", 129, "2001-07-20")).toBe("2001-129");
  });
});

describe("idFromSlug", () => {
  it("reads the last hyphen-separated piece", () => {
    expect(idFromSlug("eskiya-1996-18979")).toBe(18979);
    expect(idFromSlug("550")).toBe(550);
    expect(idFromSlug(titleSlug("Dövüş Kulübü", 550, "1999-10-15"))).toBe(550);
  });

  it("finds nothing when the last piece is not a number", () => {
    for (const slug of [
      "eskiya",
      "eskiya-abc",
      "eskiya-12a",
      "eskiya-",
      "",
      "eskiya-0",
      "x-99999999999",
    ]) {
      expect(idFromSlug(slug)).toBeNull();
    }
    expect(idFromSlug(undefined)).toBeNull();
  });
});

describe("searchText", () => {
  it("folds Turkish letters both ways so either spelling matches", () => {
    expect(searchText("Işık")).toBe(searchText("isik"));
    expect(searchText("İSTANBUL")).toBe("istanbul");
    expect(searchText("istanbul")).toBe("istanbul");
    expect(searchText("Eşkıya")).toBe("eskiya");
    expect(searchText("Behzat Ç.: Bir Ankara Polisiyesi")).toBe("behzat c bir ankara polisiyesi");
  });
});
