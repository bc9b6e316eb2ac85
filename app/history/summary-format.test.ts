import { describe, expect, it } from "vitest";
import { changeText, hoursOf } from "./summary-format";

describe("the change against the year before", () => {
  it("says how many more or fewer, and by what share", () => {
    expect(changeText(92, 80, "film")).toBe("Geçen yıla göre +12 film, %15 daha fazla");
    expect(changeText(27, 30, "bölüm")).toBe("Geçen yıla göre -3 bölüm, %10 daha az");
    expect(changeText(2480, 1240, "saat")).toBe("Geçen yıla göre +1.240 saat, %100 daha fazla");
  });

  it("says plainly when nothing changed or there was nothing before", () => {
    expect(changeText(5, 5, "film")).toBe("Geçen yılla aynı");
    expect(changeText(5, 0, "film")).toBe("Geçen yıl hiç yoktu");
    expect(changeText(0, 0, "film")).toBeNull();
    expect(changeText(0, 4, "film")).toBe("Geçen yıla göre -4 film, %100 daha az");
  });

  it("rounds minutes to whole hours", () => {
    expect(hoursOf(485)).toBe(8);
    expect(hoursOf(29)).toBe(0);
    expect(hoursOf(90)).toBe(2);
  });
});
