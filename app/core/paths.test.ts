import { describe, expect, it } from "vitest";
import { carriesSecret, paths, redactSecrets } from "./paths";

describe("paths that carry a secret", () => {
  const feed = paths.calendarFeed("s3cr3t_T0ken-value");

  it("are the calendar feeds, and only they", () => {
    expect(feed).toBe("/takvim/abonelik/s3cr3t_T0ken-value.ics");
    expect(carriesSecret(feed)).toBe(true);
    expect(carriesSecret(paths.calendar)).toBe(false);
    expect(carriesSecret("/dizi/1/sezon/1")).toBe(false);
  });

  it("reach a log line without their token", () => {
    expect(redactSecrets(feed)).toBe("/takvim/abonelik/[gizli]");
    expect(redactSecrets(`${feed}?x=1`)).not.toContain("s3cr3t");
    expect(redactSecrets("/film/baba-238")).toBe("/film/baba-238");
  });
});
