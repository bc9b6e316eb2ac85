import { describe, expect, it } from "vitest";
import { dayHeading, episodeLabel, groupByDay } from "./calendar-days";

describe("the calendar's day headings", () => {
  it("names today, tomorrow and yesterday", () => {
    expect(dayHeading("2026-11-26", "2026-11-26")).toBe("Bugün");
    expect(dayHeading("2026-11-27", "2026-11-26")).toBe("Yarın");
    expect(dayHeading("2026-11-25", "2026-11-26")).toBe("Dün");
  });

  it("writes other days as weekday, day and month, in Turkish", () => {
    expect(dayHeading("2026-11-28", "2026-11-26")).toBe("Cumartesi, 28 Kasım");
    expect(dayHeading("2026-11-20", "2026-11-26")).toBe("Cuma, 20 Kasım");
    expect(dayHeading("2026-12-02", "2026-11-26")).toBe("Çarşamba, 2 Aralık");
    expect(dayHeading("2026-09-03", "2026-09-01")).toBe("Perşembe, 3 Eylül");
  });

  it("crosses month ends", () => {
    expect(dayHeading("2026-12-01", "2026-11-30")).toBe("Yarın");
    expect(dayHeading("2026-11-30", "2026-12-01")).toBe("Dün");
    expect(dayHeading("2026-03-01", "2026-02-27")).toBe("Pazar, 1 Mart");
    // 2028 is a leap year: 28 February is followed by the 29th.
    expect(dayHeading("2028-02-29", "2028-02-28")).toBe("Yarın");
  });

  it("adds the year only when the day is in another year", () => {
    expect(dayHeading("2027-01-01", "2026-12-31")).toBe("Yarın");
    expect(dayHeading("2026-12-31", "2027-01-01")).toBe("Dün");
    expect(dayHeading("2027-01-02", "2026-12-31")).toBe("Cumartesi, 2 Ocak 2027");
    expect(dayHeading("2026-12-27", "2027-01-02")).toBe("Pazar, 27 Aralık 2026");
    expect(dayHeading("2026-12-31", "2026-12-28")).toBe("Perşembe, 31 Aralık");
  });
});

describe("the calendar's groups", () => {
  it("keeps episodes of one day together, in order", () => {
    const groups = groupByDay([
      { airDate: "2026-11-26", id: 1 },
      { airDate: "2026-11-26", id: 2 },
      { airDate: "2026-11-28", id: 3 },
    ]);
    expect(groups).toEqual([
      {
        day: "2026-11-26",
        items: [
          { airDate: "2026-11-26", id: 1 },
          { airDate: "2026-11-26", id: 2 },
        ],
      },
      { day: "2026-11-28", items: [{ airDate: "2026-11-28", id: 3 }] },
    ]);
  });

  it("labels an episode as the site does", () => {
    expect(episodeLabel(2, 3)).toBe("2. Sezon 3. Bölüm");
  });
});
