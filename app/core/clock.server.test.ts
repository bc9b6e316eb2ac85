import { describe, expect, it } from "vitest";
import { addDays, istanbulDay } from "./clock.server";

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
