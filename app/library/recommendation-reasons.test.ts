import { describe, expect, it } from "vitest";
import { accusative, reasonText } from "./recommendation-reasons";

describe("why a title is recommended", () => {
  it.each([
    ["Kış Uykusu", "Kış Uykusu'nu"],
    ["Yıldızlararası", "Yıldızlararası'nı"],
    ["Baba", "Baba'yı"],
    ["Parazit", "Parazit'i"],
    ["Matrix", "Matrix'i"],
    ["Coco", "Coco'yu"],
    ["Winter Sleep", "Winter Sleep'i"],
    ["Amelie", "Amelie'yi"],
    ["Ölümcül Tuzak", "Ölümcül Tuzak'ı"],
    ["Gözlük", "Gözlük'ü"],
    ["Amélie", "Amélie'yi"],
    ["Bir Zamanlar Anadolu'da", "Bir Zamanlar Anadolu'da'yı"],
  ])("%s in the accusative is %s", (title, expected) => {
    expect(accusative(title)).toBe(expected);
  });

  it("words a title without a final letter so that it needs no suffix", () => {
    expect(accusative("1917")).toBeNull();
    expect(reasonText("catalogue", "1917")).toBe("Beğendiğiniz yapım: 1917");
    expect(reasonText("catalogue", "Kış Uykusu")).toBe("Kış Uykusu'nu beğendiğiniz için");
    expect(reasonText("people", "Baba")).toBe("Baba'yı beğenenler bunu da çok beğendi");
  });
});
