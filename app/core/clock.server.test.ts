import { describe, expect, it, vi } from "vitest";
import {
  addDays,
  currentClockOffset,
  istanbulDay,
  testClockEnabled,
  testClockOffset,
  today,
  withClockOffset,
} from "./clock.server";

describe("the site's days", () => {
  it("are Istanbul's: 22:30 UTC is already the next day there", () => {
    expect(istanbulDay(Date.parse("2026-11-27T22:30:00Z"))).toBe("2026-11-28");
    expect(istanbulDay(Date.parse("2026-11-27T20:59:00Z"))).toBe("2026-11-27");
  });

  it("add across months and years", () => {
    expect(addDays("2026-11-28", 7)).toBe("2026-12-05");
    expect(addDays("2027-01-03", -7)).toBe("2026-12-27");
  });
});

describe("a test's clock (X-Perde-Now, decision 032)", () => {
  it("reads an instant, with or without the moment it was set", () => {
    const since = Date.parse("2026-11-27T10:00:00Z");
    expect(testClockOffset(`2008-02-12T09:00:00Z;since=${since}`)).toBe(
      Date.parse("2008-02-12T09:00:00Z") - since,
    );
    expect(testClockOffset("2023-07-25T12:00:00+03:00;since=0")).toBe(
      Date.parse("2023-07-25T09:00:00Z"),
    );
    const alone = testClockOffset("1999-06-01T09:00:00Z")!;
    expect(Math.abs(Date.now() + alone - Date.parse("1999-06-01T09:00:00Z"))).toBeLessThan(60_000);
  });

  it("refuses anything else", () => {
    for (const header of [undefined, "", "yarın", "2008-02-12", "2008-13-45T99:00:00Z", ["x"]])
      expect(testClockOffset(header)).toBeUndefined();
  });

  it("is ignored by a server started without PERDE_TEST_CLOCK=1", () => {
    expect(testClockEnabled).toBe(false);
    const day = withClockOffset(-1e12, () => today());
    expect(day).toBe(istanbulDay(Date.now()));
    expect(withClockOffset(-1e12, currentClockOffset)).toBeUndefined();
  });

  it("sets now for the work it wraps, and only there, when the server was started with it", async () => {
    vi.stubEnv("PERDE_TEST_CLOCK", "1");
    vi.resetModules();
    try {
      const clock = await import("./clock.server");
      const offset = clock.testClockOffset("1999-06-01T09:00:00Z")!;
      const inside = await clock.withClockOffset(offset, async () => {
        await Promise.resolve();
        return { day: clock.today(), offset: clock.currentClockOffset() };
      });
      expect(inside).toEqual({ day: "1999-06-01", offset });
      expect(clock.today()).toBe(istanbulDay(Date.now()));
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
