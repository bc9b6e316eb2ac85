import { describe, expect, it } from "vitest";
import { cinemaWindow, releaseWeekAt, releaseWeekOfDay } from "./cinema-dates.server";

describe("release week (Friday to Thursday, Istanbul)", () => {
  it("ends at Thursday 23:59 in Istanbul and starts again at Friday 00:00", () => {
    // Thursday 6 March 2025, 23:59 in Istanbul is 20:59 UTC.
    expect(releaseWeekAt(new Date("2025-03-06T23:59:00+03:00"))).toEqual({
      start: "2025-02-28",
      end: "2025-03-06",
    });
    expect(releaseWeekAt(new Date("2025-03-07T00:00:00+03:00"))).toEqual({
      start: "2025-03-07",
      end: "2025-03-13",
    });
  });

  it("counts the day in Istanbul, not in UTC", () => {
    // 22:30 UTC on a Thursday is already Friday 01:30 in Istanbul.
    expect(releaseWeekAt(Date.parse("2025-03-06T22:30:00Z")).start).toBe("2025-03-07");
  });

  it("crosses the turn of the year", () => {
    // Friday 27 December 2024 to Thursday 2 January 2025.
    expect(releaseWeekOfDay("2025-01-01")).toEqual({ start: "2024-12-27", end: "2025-01-02" });
    expect(releaseWeekOfDay("2024-12-27")).toEqual({ start: "2024-12-27", end: "2025-01-02" });
    expect(releaseWeekOfDay("2025-01-03")).toEqual({ start: "2025-01-03", end: "2025-01-09" });
  });

  it("is seven days whatever Europe does with its clocks", () => {
    // Europe moved its clocks on 30 March and 26 October 2025; Türkiye did not, and a week
    // around those Sundays is still Friday to Thursday.
    expect(releaseWeekAt(new Date("2025-03-30T03:30:00+03:00"))).toEqual({
      start: "2025-03-28",
      end: "2025-04-03",
    });
    expect(releaseWeekAt(new Date("2025-10-26T03:30:00+03:00"))).toEqual({
      start: "2025-10-24",
      end: "2025-10-30",
    });
  });

  it("gives every day of a week the same week", () => {
    const days = ["2023-07-21", "2023-07-22", "2023-07-25", "2023-07-27"];
    for (const day of days) {
      expect(releaseWeekOfDay(day)).toEqual({ start: "2023-07-21", end: "2023-07-27" });
    }
  });
});

describe("cinema window", () => {
  it("looks eight weeks back (today included) and ten weeks ahead", () => {
    expect(cinemaWindow("2023-07-25")).toEqual({
      showingFrom: "2023-05-31",
      upcomingTo: "2023-10-03",
    });
  });
});
