import { beforeAll, describe, expect, it } from "vitest";
import { sharedServer, type SharedServer } from "../support/shared-servers";
import { zipOf } from "../support/import-files";
import { useLiveSite } from "../support/live-site";
import { Visitor, type RawResponse } from "../support/raw-http";

/*
 * Issue 32, the new features' edges, attacked on the built server: NUL characters in form text,
 * ratings and diary entries of what has not come out (embedded catalogue and live source), one
 * account driving the movie database, unmark replies that said what did not happen, usernames
 * that pass for another's, and a stranger posting every new form with someone else's ids. The
 * embedded site runs on 12 February 2008 (Breaking Bad's fourth episode airs on the 17th, The
 * Dark Knight opens in July); the live one, on the fake movie database, on 1 June 1999 (Fight
 * Club opens in October, Breaking Bad is years away; The Godfather is out). The embedded site is
 * the shared server on that day (tracking.e2e.ts's too); the live one is this file's own.
 */

const NUL =
  "Gönderdiğiniz metinde geçersiz bir karakter var. Lütfen metni düzeltip yeniden deneyin.";
const BUDGET = "Kısa sürede çok fazla işlem yaptınız. Lütfen birkaç dakika sonra yeniden deneyin.";
const FIGHT_CLUB = "/film/dovus-kulubu-1999-550";

let server: SharedServer;
let counter = 0;
const email = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`;
let client = 0;
/** A client address no other test uses (each has its own sign-in limits). */
const nextClient = () => `127.0.3.${++client}`;

beforeAll(async () => {
  server = await sharedServer({ CATALOGUE: "local", PERDE_NOW: "2008-02-12T09:00:00Z" });
});

/** A new signed-in visitor on `site`. */
async function member(site: string, label: string, name = "Kenar Testi") {
  const visitor = new Visitor(site, nextClient());
  await visitor.signIn(email(label), "gizli123", name);
  return visitor;
}

/** The kind of toast ("success", "error") a form post without JavaScript left in its cookie. */
function toastType(cookie: string | undefined) {
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.split(";")[0]!.slice("perde_toast=".length));
  const encoded = value.slice(0, value.lastIndexOf("."));
  // A cookie being cleared (the toast was shown) carries nothing.
  if (!encoded) return null;
  return (JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as { type: string }).type;
}

const json = (answer: RawResponse) => JSON.parse(answer.body) as { ok: boolean; message: string };

/** The server's log lines at error level (pino: 50) since `from`. */
const errorLines = async (running: { settledOutput(): Promise<string> }, from: number) =>
  (await running.settledOutput())
    .slice(from)
    .split("\n")
    .filter((line) => line.includes('"level":50'));

describe("a NUL character in form text (item 3)", () => {
  it("is refused in Turkish on every text form, stored nowhere and logged nowhere", async () => {
    const visitor = await member(server.url, "nul", "Nul Deneme");
    const secret = "Gizli düşüncelerim burada\u0000 yazıyor";
    const mark = (await server.settledOutput()).length;

    // The diary's "Günlüğe ekle" on a film's page: it was "Bir hata oluştu" and an error line
    // with the person's id and the review's words.
    const diary = await visitor.post(FIGHT_CLUB, {
      intent: "create",
      itemType: "movie",
      itemId: "550",
      watchedOn: "2008-02-01",
      review: secret,
      tags: "",
      js: "1",
    });
    expect(diary.status).toBe(400);
    expect(diary.body).toContain(NUL);

    const created = await visitor.post("/dashboard/listeler", { name: "Kenar listesi" });
    const listPath = created.headers.location!;
    expect(listPath).toMatch(/^\/dashboard\/listeler\/\d+$/);
    const forms: [string, Record<string, string>][] = [
      ["/yorum", { intent: "create", itemType: "movie", itemId: "550", comment: secret }],
      ["/dashboard/listeler", { name: `Ad\u0000 soyad` }],
      [
        listPath,
        { intent: "update", name: "Yeni ad\u0000", description: "", visibility: "private" },
      ],
      [listPath, { intent: "update", name: "Yeni ad", description: secret, visibility: "private" }],
      ["/puan", { intent: "rate", itemType: "movie", itemId: "550", rating: "8\u0000" }],
      ["/bolum-izle", { intent: "mark", seriesId: "1396", season: "1", episode: "1\u0000" }],
      ["/listeye-ekle", { intent: "create", itemType: "movie", itemId: "550", name: "Ad\u0000x" }],
    ];
    for (const [path, fields] of forms) {
      const answer = await visitor.post(path, { ...fields, js: "1" });
      expect(answer.status, path).toBe(400);
      // Data for a toast from the action-only routes; the page with the message from the others.
      expect(answer.body, `${path} ${JSON.stringify(fields)}`).toContain(NUL);
    }
    // The account page's forms answer on the page.
    const accountForms: Record<string, string>[] = [
      { intent: "profile", fullName: "Ad\u0000 Soyad" },
      { intent: "username", username: "kenar\u0000" },
    ];
    for (const fields of accountForms) {
      const answer = await visitor.post("/hesap", fields);
      expect(answer.body, fields.intent).toContain(NUL);
    }

    // Nothing was written: no diary entry, no review, no list but the first, the name unchanged.
    expect((await visitor.get("/dashboard/gunluk")).body).not.toContain("Gizli düşüncelerim");
    expect((await visitor.get(FIGHT_CLUB)).body).not.toContain("Gizli düşüncelerim");
    const lists = (await visitor.get("/dashboard/listeler")).body;
    expect(lists).toContain("Kenar listesi");
    expect(lists).not.toMatch(/Ad.? soyad|Yeni ad|Adx/);
    expect((await visitor.get("/hesap")).body).toContain("Nul Deneme");
    // And nothing personal reached the log.
    expect(await errorLines(server, mark)).toEqual([]);
    expect((await server.settledOutput()).slice(mark)).not.toContain("Gizli düşüncelerim");
  });
});

/** The rating and diary forms of an item; `page` shows its Perde puanı. */
interface Unreleased {
  label: string;
  rate: Record<string, string>;
  message: string;
  page: string;
}

/** Rates and logs each unreleased item, expects the refusal and no vote on its page. */
async function expectRefused(site: string, visitor: Visitor, items: Unreleased[]) {
  for (const item of items) {
    const rated = await visitor.post("/puan", {
      intent: "rate",
      rating: "10",
      js: "1",
      ...item.rate,
    });
    expect(rated.status, item.label).toBe(400);
    expect(json(rated).message, item.label).toBe(item.message);
    if (item.rate.itemType !== "episode") {
      const logged = await visitor.post(item.page, {
        intent: "create",
        ...item.rate,
        watchedOn: "1999-05-01",
        rating: "10",
        js: "1",
      });
      expect(logged.status, item.label).toBe(400);
      expect(logged.body, item.label).toContain(item.message);
      // A review's words are welcome before the release; its rating is not.
      const reviewed = await visitor.post("/yorum", {
        intent: "create",
        ...item.rate,
        comment: "Fragmanı çok iyiydi, merakla bekliyorum.",
        rating: "10",
        js: "1",
      });
      expect(json(reviewed).message, item.label).toBe(item.message);
    }
    // Nobody's rating shows: the page has no "1 oy".
    const page = await fetch(`${site}${item.page}`);
    expect(page.status, item.label).toBe(200);
    expect(await page.text(), item.label).not.toMatch(/\b1 oy\b/);
  }
}

describe("what has not come out is neither rated nor logged (item 5)", () => {
  it("on the embedded catalogue: a film in July, a series in 2011, an episode on the 17th", async () => {
    const visitor = await member(server.url, "vizyon");
    await expectRefused(server.url, visitor, [
      {
        label: "film",
        rate: { itemType: "movie", itemId: "155" },
        message: "Bu film henüz vizyona girmedi",
        page: "/film/155",
      },
      {
        label: "series",
        rate: { itemType: "tv", itemId: "1399" },
        message: "Bu dizi henüz yayınlanmadı",
        page: "/dizi/1399",
      },
      {
        label: "episode",
        rate: { itemType: "episode", itemId: "1396", season: "1", episode: "4" },
        message: "Bu bölüm henüz yayınlanmadı",
        page: "/dizi/1396/sezon/1/bolum/4",
      },
    ]);
    // What has aired is rated as before.
    const aired = await visitor.post("/puan", {
      intent: "rate",
      itemType: "episode",
      itemId: "1396",
      season: "1",
      episode: "3",
      rating: "9",
      js: "1",
    });
    expect(json(aired)).toMatchObject({ ok: true, message: "Puanınız: 9/10" });
  });

  describe("on the live source (the fake movie database)", () => {
    const live = useLiveSite({ PERDE_NOW: "1999-06-01T09:00:00Z" });

    it("refuses Fight Club before October, Breaking Bad and its first episode", async () => {
      const visitor = await member(live.server.url, "canli-vizyon");
      await expectRefused(live.server.url, visitor, [
        {
          label: "film",
          rate: { itemType: "movie", itemId: "550" },
          message: "Bu film henüz vizyona girmedi",
          page: "/film/550",
        },
        {
          label: "series",
          rate: { itemType: "tv", itemId: "1396" },
          message: "Bu dizi henüz yayınlanmadı",
          page: "/dizi/1396",
        },
        {
          label: "episode",
          rate: { itemType: "episode", itemId: "1396", season: "1", episode: "1" },
          message: "Bu bölüm henüz yayınlanmadı",
          page: "/dizi/1396/sezon/1/bolum/1",
        },
      ]);
      const godfather = await visitor.post("/puan", {
        intent: "rate",
        itemType: "movie",
        itemId: "238",
        rating: "10",
        js: "1",
      });
      expect(json(godfather)).toMatchObject({ ok: true, message: "Puanınız: 10/10" });
    });

    it("spends a person's catalogue budget, and asks again for no unknown id (item 8)", async () => {
      const visitor = await member(live.server.url, "butce");
      const callsFor = (id: number, from: number) =>
        live.fake.requests.slice(from).filter((request) => request.path.includes(`/tv/${id}`))
          .length;
      const mark = (seriesId: number) =>
        visitor.post("/bolum-izle", {
          intent: "mark",
          seriesId: String(seriesId),
          season: "1",
          episode: "1",
          js: "1",
        });

      // One made-up series, posted 5 times: the movie database is asked once for each thing.
      const start = live.fake.requests.length;
      for (let post = 0; post < 5; post++)
        expect(json(await mark(987_654_321)).message).toBe("Bu bölüm bulunamadı");
      const repeated = callsFor(987_654_321, start);
      expect(repeated).toBeGreaterThan(0);
      expect(repeated).toBeLessThanOrEqual(2);

      // 105 made-up films rated, four at a time: past the budget, nothing more is asked.
      const before = live.fake.requests.length;
      const ids = Array.from({ length: 105 }, (_, index) => 900_000_001 + index);
      const messages: string[] = [];
      const rate = (id: number) =>
        visitor.post("/puan", {
          intent: "rate",
          itemType: "movie",
          itemId: String(id),
          rating: "5",
          js: "1",
        });
      const worker = async () => {
        for (let id = ids.shift(); id; id = ids.shift())
          messages.push(json(await rate(id)).message);
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      const refused = messages.filter((message) => message === BUDGET).length;
      const calls = live.fake.requests.length - before;
      console.log(
        `catalogue budget: 110 posts, ${110 - refused} asked the catalogue, ${refused} refused, ${
          calls + repeated
        } upstream calls`,
      );
      // 100 lookups in 10 minutes, each post one (the repeated id's too, though they cost no call).
      expect(refused).toBe(10);
      expect(calls).toBeLessThanOrEqual(95);
      // Another person is not held back by this one's budget.
      const other = await member(live.server.url, "butce-diger");
      const theirs = await other.post("/puan", {
        intent: "rate",
        itemType: "movie",
        itemId: "238",
        rating: "7",
        js: "1",
      });
      expect(json(theirs).ok).toBe(true);
    }, 120_000);
  });
});

describe("unmark replies say what happened", () => {
  it("names nothing taken back when nothing was marked, and the season otherwise", async () => {
    const visitor = await member(server.url, "isaret");
    const mark = (fields: Record<string, string>) =>
      visitor.post("/bolum-izle", { seriesId: "1396", js: "1", ...fields });
    expect(json(await mark({ intent: "unmark-season", season: "32767" }))).toMatchObject({
      ok: true,
      message: "Bu sezonda işaretli bölüm yok",
    });
    expect(json(await mark({ intent: "unmark-season", season: "1" })).message).toBe(
      "Bu sezonda işaretli bölüm yok",
    );
    expect(json(await mark({ intent: "unmark", season: "1", episode: "2" })).message).toBe(
      "Bu bölüm işaretli değil",
    );
    expect(json(await mark({ intent: "mark", season: "1", episode: "2" })).ok).toBe(true);
    expect(json(await mark({ intent: "unmark-season", season: "1" })).message).toMatch(
      /^1\. Sezonun işaretleri kaldırıldı/,
    );
  });
});

describe("usernames that pass for another", () => {
  it("refuses punctuation at the ends or twice in a row beside a taken name", async () => {
    const owner = await member(server.url, "ad-sahibi");
    const base = `kenar${Date.now() % 100_000}`;
    const own = await owner.post("/hesap", { intent: "username", username: base });
    expect(own.status).toBe(302);
    const other = await member(server.url, "ad-taklit");
    const refusal =
      "Kullanıcı adı harf ya da rakamla başlayıp bitmeli; alt çizgi (_) ve nokta (.) yan yana gelemez";
    let through = 0;
    for (const lookalike of [
      `${base}.`,
      `${base}_`,
      `_${base}`,
      `${base.slice(0, 3)}__${base.slice(3)}`,
    ]) {
      const answer = await other.post("/hesap", { intent: "username", username: lookalike });
      if (answer.status === 302) through++;
      else expect(answer.body, lookalike).toContain(refusal);
    }
    expect(through).toBe(0);
  });
});

describe("a stranger posting the new forms with someone else's ids", () => {
  it("gets nothing through: diary entries, sharing, invites, import choices", async () => {
    const owner = await member(server.url, "sahip");
    const stranger = await member(server.url, "yabanci");

    // The owner's diary entry, list (with an invite and an editor) and import.
    await owner.post(FIGHT_CLUB, {
      intent: "create",
      itemType: "movie",
      itemId: "550",
      watchedOn: "2008-02-01",
      review: "Sahibinin kendi günlük notu.",
      tags: "",
    });
    const entryId = /\/dashboard\/gunluk\/(\d+)/.exec(
      (await owner.get("/dashboard/gunluk")).body,
    )![1]!;
    const listPath = (await owner.post("/dashboard/listeler", { name: "Sahibin listesi" })).headers
      .location!;
    const listId = listPath.split("/").pop()!;
    const invited = await owner.post(`${listPath}/paylasim`, { intent: "invite" });
    const inviteUrl = /https?:\/\/[^"<\s]*\/liste-davet\/[A-Za-z0-9_-]+/.exec(invited.body)![0];
    const invitePath = new URL(inviteUrl).pathname;
    const editor = await member(server.url, "editor");
    expect((await editor.post(invitePath, {})).status).toBe(302);
    const sharing = (await owner.get(`${listPath}/paylasim`)).body;
    const inviteId = /name="inviteId" value="(\d+)"/.exec(sharing)?.[1] ?? "1";
    const editorId = /name="editorId" value="([^"]+)"/.exec(sharing)?.[1] ?? "x";
    const csv = "Date,Name,Year,Letterboxd URI\n2008-01-01,Fight Club,1999,https://boxd.it/kenar\n";
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await zipOf({ "watched.csv": csv }))]), "d.zip");
    const upload = await fetch(`${server.url}/hesap/ice-aktar`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Cookie: owner.cookieHeader },
      body: form,
    });
    expect(upload.status).toBe(302);
    const importPath = upload.headers.get("location")!;
    expect(importPath).toMatch(/^\/hesap\/ice-aktar\/\d+$/);

    const diaryPath = `/dashboard/gunluk/${entryId}`;
    const attempts: [string, Record<string, string>][] = [
      [diaryPath, { intent: "update", entryId, watchedOn: "2008-01-02", review: "" }],
      [diaryPath, { intent: "delete", entryId }],
      [FIGHT_CLUB, { intent: "delete", entryId }],
      [`${listPath}/paylasim`, { intent: "invite" }],
      [`${listPath}/paylasim`, { intent: "revoke", inviteId }],
      [`${listPath}/paylasim`, { intent: "remove-editor", editorId }],
      ["/listeye-ekle", { intent: "add", listId, itemType: "movie", itemId: "238" }],
      ["/listeye-ekle", { intent: "remove", listId, itemType: "movie", itemId: "550" }],
      [invitePath, {}],
      [importPath, { intent: "cancel" }],
      [importPath, { intent: "skip-all" }],
      [importPath, { intent: "skip", rowId: "1" }],
      [importPath, { intent: "pick", rowId: "1", choice: "movie:550" }],
      ["/takvim", { intent: "remove" }],
    ];
    let tried = 0;
    let through = 0;
    const leaks: string[] = [];
    for (const [path, fields] of attempts) {
      for (const js of [{}, { js: "1" }] as Record<string, string>[]) {
        tried++;
        const answer = await stranger.post(path, { ...fields, ...js });
        const toast = (answer.headers["set-cookie"] ?? []).find((line) =>
          line.startsWith("perde_toast="),
        );
        let answered: { ok?: boolean } = {};
        try {
          answered = JSON.parse(answer.body) as { ok?: boolean };
        } catch {
          // A page, not data.
        }
        const success =
          (answer.status === 200 && answered.ok === true) ||
          toastType(toast) === "success" ||
          (answer.status === 200 && answer.body.includes("Davet bağlantısı oluşturuldu"));
        if (success) {
          through++;
          leaks.push(`${path} ${JSON.stringify(fields)}`);
        }
        if (answer.body.includes("Sahibinin kendi günlük notu") || answer.body.includes(inviteUrl))
          leaks.push(`read: ${path}`);
      }
    }
    console.log(`stranger's new forms: ${tried} tried, ${through} got through`);
    expect(leaks).toEqual([]);
    expect(through).toBe(0);
    // The owner's things are as they were.
    expect((await owner.get(diaryPath)).body).toContain("Sahibinin kendi günlük notu");
    expect((await owner.get(`${listPath}/paylasim`)).body).toContain(editorId);
    expect((await editor.get(listPath)).status).toBe(200);
  }, 120_000);
});

describe("Birlikte's forms attacked (issue 38)", () => {
  /** A member with a username, public unless told otherwise. */
  async function person(label: string, isPublic = true) {
    const visitor = await member(server.url, label, label);
    const username = `${label}${Date.now() % 1_000_000}${++client}`;
    expect((await visitor.post("/hesap", { intent: "username", username })).status).toBe(302);
    if (isPublic)
      expect(
        (await visitor.post("/hesap", { intent: "visibility", visibility: "public" })).status,
      ).toBe(302);
    return { visitor, username };
  }
  const said = async (visitor: Visitor, fields: Record<string, string>) =>
    json(await visitor.post("/kisiler", { ...fields, js: "1" }));

  it("follows only public profiles, never oneself nor across a block; a private profile leaves the feed", async () => {
    const ela = await person("ela");
    const can = await person("can");
    const hidden = await person("gizli", false);
    // Ela logs a watch her followers' feeds show.
    await ela.visitor.post(FIGHT_CLUB, {
      intent: "create",
      itemType: "movie",
      itemId: "550",
      watchedOn: "2008-02-01",
      review: "",
      tags: "",
    });
    const refusals: [Record<string, string>, string][] = [
      [{ intent: "follow", username: can.username }, "self"],
      [{ intent: "follow", username: hidden.username }, "private"],
      [{ intent: "follow", username: "yok-boyle-biri" }, "unknown"],
      [{ intent: "follow", username: "' OR 1=1 --" }, "junk"],
      [{ intent: "follow" }, "missing"],
      [{ intent: "herkesi-takip-et", username: ela.username }, "intent"],
    ];
    for (const [fields, label] of refusals) {
      const answer = await said(can.visitor, fields);
      expect(answer.ok, label).toBe(false);
    }
    // Anonymous: sent to sign in, nothing written.
    const anonymous = new Visitor(server.url, nextClient());
    const asked = await anonymous.post("/kisiler", { intent: "follow", username: ela.username });
    expect(asked.status).toBe(302);
    expect(asked.headers.location).toMatch(/^\/auth/);

    expect(await said(can.visitor, { intent: "follow", username: ela.username })).toMatchObject({
      ok: true,
    });
    const profile = await can.visitor.get(`/u/${ela.username}`);
    expect(profile.body).toContain("Takibi bırak");
    expect((await can.visitor.get("/akis")).body).toContain("Dövüş Kulübü");

    // Ela goes private: gone from Can's feed at once, and not followable by anyone new.
    await ela.visitor.post("/hesap", { intent: "visibility", visibility: "private" });
    expect((await can.visitor.get("/akis")).body).not.toContain("Dövüş Kulübü");
    const late = await person("gec");
    expect((await said(late.visitor, { intent: "follow", username: ela.username })).ok).toBe(false);
    await ela.visitor.post("/hesap", { intent: "visibility", visibility: "public" });
    expect((await can.visitor.get("/akis")).body).toContain("Dövüş Kulübü");

    // Ela blocks Can: the follow goes, Can cannot follow again nor see her profile or activity.
    expect((await said(ela.visitor, { intent: "block", username: can.username })).ok).toBe(true);
    expect((await can.visitor.get("/akis")).body).not.toContain("Dövüş Kulübü");
    expect((await said(can.visitor, { intent: "follow", username: ela.username })).ok).toBe(false);
    expect((await can.visitor.get(`/u/${ela.username}`)).status).toBe(404);
    expect((await can.visitor.get(`/u/${ela.username}/takipciler`)).status).toBe(404);
    // And she cannot follow him either while the block stands.
    expect((await said(ela.visitor, { intent: "follow", username: can.username })).ok).toBe(false);
    expect((await said(ela.visitor, { intent: "block", username: ela.username })).ok).toBe(false);
  }, 120_000);

  it("keeps a profile's counts right in the page cache, and no reader's buttons in it", async () => {
    const star = await person("yildiz");
    const fan = await person("hayran");
    const anonymous = new Visitor(server.url, nextClient());
    const path = `/u/${star.username}`;
    const first = await anonymous.get(path);
    expect(first.body).toMatch(/data-followers="">0</);
    const again = await anonymous.get(path);
    expect(again.headers["x-cache"]).toBe("HIT");
    // The fan's own page says "Takibi bırak" and is never stored.
    await said(fan.visitor, { intent: "follow", username: star.username });
    const own = await fan.visitor.get(path);
    expect(own.body).toContain("Takibi bırak");
    expect(own.headers["cache-control"]).toContain("private");
    // The anonymous copy was dropped with the count's change, and holds no one's buttons.
    const after = await anonymous.get(path);
    expect(after.body).toMatch(/data-followers="">1</);
    expect(after.body).not.toContain("Takibi bırak");
    const followers = await anonymous.get(`${path}/takipciler`);
    expect(followers.body).toContain(`href="/u/${fan.username}"`);
  }, 120_000);
});
