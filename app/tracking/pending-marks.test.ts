import { describe, expect, it } from "vitest";
import { applyMarks, pendingMarks, type PendingMark } from "./pending-marks";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the marks a page shows while its forms are on their way", () => {
  it("reads only the mark forms of the series", () => {
    const marks = pendingMarks(
      [
        {
          formAction: "/bolum-izle",
          formData: form({ intent: "mark", seriesId: "7", season: "1", episode: "2" }),
        },
        {
          formAction: "/bolum-izle",
          formData: form({ intent: "mark", seriesId: "8", season: "1", episode: "2" }),
        },
        { formAction: "/liste", formData: form({ intent: "add", seriesId: "7" }) },
        {
          formAction: "/bolum-izle",
          formData: form({ intent: "drop", seriesId: "7", season: "1" }),
        },
        { formAction: "/bolum-izle" },
      ],
      "/bolum-izle",
      7,
    );
    expect(marks).toEqual([{ intent: "mark", seriesId: 7, season: 1, episode: 2 }]);
  });

  it("applies toggles, up to here and whole seasons to one season's aired episodes", () => {
    const aired = [1, 2, 3, 4];
    const mark = (
      intent: PendingMark["intent"],
      season: number,
      episode: number | null = null,
    ) => ({
      intent,
      seriesId: 7,
      season,
      episode,
    });
    expect([...applyMarks([1], aired, 2, [mark("mark", 2, 3)])].sort()).toEqual([1, 3]);
    expect([...applyMarks([1, 3], aired, 2, [mark("unmark", 2, 3)])]).toEqual([1]);
    // Not aired, or another season's: nothing changes here.
    expect([...applyMarks([], aired, 2, [mark("mark", 2, 5), mark("mark", 1, 1)])]).toEqual([]);
    expect([...applyMarks([], aired, 2, [mark("up-to", 2, 2)])].sort()).toEqual([1, 2]);
    // Up to an episode of a later season: this whole season; of an earlier one: nothing.
    expect(applyMarks([], aired, 2, [mark("up-to", 3, 1)]).size).toBe(4);
    expect(applyMarks([], aired, 2, [mark("up-to", 1, 9)]).size).toBe(0);
    expect(applyMarks([], aired, 2, [mark("season", 2)]).size).toBe(4);
    expect(applyMarks([1, 2], aired, 2, [mark("unmark-season", 2)]).size).toBe(0);
  });
});
