import { describe, expect, it } from "vitest";
import {
  canonicalPath,
  carriesSecret,
  isAddress,
  pageTagOfPath,
  paths,
  redactSecrets,
  usernameKey,
} from "./paths";

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

  it("tags a preview picture as its page (decision 028)", () => {
    const list = { id: 12, name: "Yağmurlu pazar filmleri" };
    expect(paths.listImage(list)).toBe("/liste/12-yagmurlu-pazar-filmleri/onizleme.png");
    expect(pageTagOfPath(paths.listImage(list))).toBe("list:12");
    expect(pageTagOfPath(paths.profileImage("Ayşe.K"))).toBe("profile:ayse.k");
    expect(paths.yearSummaryImage("Ayşe.K", 2026)).toBe("/u/Ay%C5%9Fe.K/ozet/2026.png");
    expect(pageTagOfPath(paths.yearSummaryImage("Ayşe.K", 2026))).toBe("profile:ayse.k");
    // Only the pictures: another path under a page is nobody's.
    expect(pageTagOfPath("/liste/12-x/baska.png")).toBeNull();
    expect(pageTagOfPath("/u/ayse/ozet/26.png")).toBeNull();
  });
});

describe("one address per page (issue 32)", () => {
  it("is the lower-case path without a trailing slash, in one percent-encoding", () => {
    const list = "/liste/103-yagmurlu-pazar";
    for (const spelling of [
      "/LISTE/103-yagmurlu-pazar",
      "/Liste/103-Yagmurlu-Pazar/",
      "/l%69ste/%31%303-yagmurlu-pazar",
      "/liste/./103-yagmurlu-pazar//",
      "/x/../liste/103-yagmurlu-pazar",
      "/liste\\103-yagmurlu-pazar",
    ])
      expect(canonicalPath(spelling), spelling).toBe(list);
    expect(canonicalPath(list)).toBe(list);
    expect(canonicalPath("/FILM/Baba-1972-238.data")).toBe("/film/baba-1972-238.data");
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath("/ARA")).toBe("/ara");
  });

  it("keeps the case of tokens, usernames and drawn images, and writes escapes in capitals", () => {
    expect(canonicalPath("/TAKVIM/Abonelik/AbC_x-9.ics")).toBe("/takvim/abonelik/AbC_x-9.ics");
    expect(canonicalPath("/Liste-Davet/AbC")).toBe("/liste-davet/AbC");
    expect(canonicalPath("/U/Ay%c5%9fe.K")).toBe(paths.profile("Ayşe.K"));
    expect(canonicalPath(paths.profile("Ayşe.K"))).toBe(paths.profile("Ayşe.K"));
    expect(canonicalPath("/GORSEL/w500/AbC.svg")).toBe("/gorsel/w500/AbC.svg");
    expect(canonicalPath("/film/%c5%9f-1")).toBe("/film/%C5%9F-1");
  });

  it("is what the site's own links already are, and canonical once canonical", () => {
    const links = [
      paths.title("movie", { id: 238, name: "Baba", date: "1972-03-14" }),
      paths.title("tv", { id: 7, name: "Şahsiyet", date: null }),
      paths.person({ id: 2000001, name: "Şener Şen" }),
      paths.episode(1399, 1, 2),
      paths.genre("movie", { id: 878, name: "Bilim-Kurgu" }),
      paths.list({ id: 12, name: "Yağmurlu Pazar Filmleri" }),
      paths.profile("Çağrı_Öztürk.86"),
      paths.profile("İLKER.IŞIK"),
      paths.calendarFeed("AbC_dEf-123"),
      paths.listInvite("XyZ-09_q"),
      paths.award("oscars", 2020),
      paths.yearSummary(2024),
      paths.cinemaFamilyFriendly,
      paths.home,
    ];
    for (const link of links) expect(canonicalPath(link), link).toBe(link);
    for (const spelling of ["/FILM/x-1/", "/U/%c4%b0x", "/takvim/ABONELIK/Ab.ics", "/a/%7e%41"]) {
      const once = canonicalPath(spelling)!;
      expect(canonicalPath(once), spelling).toBe(once);
    }
  });

  it("is none for a path that resolves to another host", () => {
    expect(canonicalPath("//evil.example/x")).toBeNull();
    expect(canonicalPath("/\\evil.example/x")).toBeNull();
  });

  it("tags every spelling of a page as its own address", () => {
    expect(pageTagOfPath("/LISTE/12-x")).toBe("list:12");
    expect(pageTagOfPath("/liste/%31%32-x")).toBe("list:12");
    expect(pageTagOfPath("/FILM/baba-1972-238")).toBe("movie:238");
    expect(pageTagOfPath("/f%69lm/baba-1972-%32%33%38")).toBe("movie:238");
    expect(pageTagOfPath("/Dizi/x-1399/")).toBe("tv:1399");
    expect(pageTagOfPath("/U/AYSE.k")).toBe("profile:ayse.k");
  });

  it("never lets a feed's or an invite's token through, whatever its spelling", () => {
    const token = "s3cr3t_T0ken-value";
    const spellings = [
      `/TAKVIM/abonelik/${token}.ics`,
      `/Takvim/Abonelik/${token}.ics.data`,
      `/t%61kvim/abonelik/${token}.ics`,
      `/takvim/./abonelik/${token}.ics`,
      `//takvim/abonelik/${token}.ics`,
      `/x/../takvim/abonelik/${token}.ics`,
      `/LISTE-DAVET/${token}`,
      `/liste%2Ddavet/${token}`,
    ];
    for (const spelling of spellings) {
      expect(carriesSecret(spelling), spelling).toBe(true);
      expect(redactSecrets(spelling), spelling).not.toContain(token);
      expect(redactSecrets(spelling), spelling).toContain("[gizli]");
    }
  });

  it("is not a feed's data: the feed has one address", () => {
    expect(isAddress("/takvim/abonelik/x.ics")).toBe(true);
    expect(isAddress("/takvim/abonelik/x.ics.data")).toBe(false);
    expect(isAddress("/liste-davet/x.data")).toBe(true);
  });
});
