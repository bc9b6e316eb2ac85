import { describe, expect, it } from "vitest";
import { carriesSecret, pageTagOfPath, paths, redactSecrets, usernameKey } from "./paths";

describe("paths that carry a secret", () => {
  const feed = paths.calendarFeed("s3cr3t_T0ken-value");

  it("are the calendar feeds", () => {
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

describe("list invites carry a secret too", () => {
  it("is neither kept nor logged", () => {
    const invite = paths.listInvite("t0k3n");
    expect(carriesSecret(invite)).toBe(true);
    expect(redactSecrets(invite)).toBe("/liste-davet/[gizli]");
    expect(carriesSecret(paths.list({ id: 3, name: "En iyi 10" }))).toBe(false);
  });
});

describe("page tags", () => {
  it("names the item, list or profile a page shows", () => {
    expect(pageTagOfPath("/film/baba-1972-238")).toBe("movie:238");
    expect(pageTagOfPath("/dizi/x-2011-1399/sezon/1/bolum/2.data")).toBe("tv:1399");
    expect(pageTagOfPath(paths.list({ id: 12, name: "Yağmurlu pazar filmleri" }))).toBe("list:12");
    expect(paths.list({ id: 12, name: "Yağmurlu pazar filmleri" })).toBe(
      "/liste/12-yagmurlu-pazar-filmleri",
    );
    expect(pageTagOfPath("/liste/12.data")).toBe("list:12");
    expect(pageTagOfPath(paths.profile("Ayşe.K"))).toBe("profile:ayse.k");
    expect(pageTagOfPath("/u/AYSE.k")).toBe(`profile:${usernameKey("ayşe.K")}`);
    expect(pageTagOfPath("/u/%E0%A4%A")).toBeNull();
    expect(pageTagOfPath("/filmler/dram-18")).toBeNull();
  });
});
