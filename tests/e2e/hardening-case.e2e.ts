import { spawnSync } from "node:child_process";
import { connect, type Socket } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type TestServer } from "../support/app-server";
import { sharedServer, type SharedServer } from "../support/shared-servers";
import { follow, raw, Visitor } from "../support/raw-http";
import { startRedisServer, type RedisServer } from "../support/redis-server";

/*
 * Issue 32, defect 1 and the feed's `.data`, attacked on the built server: React Router matches
 * a path in any case and spelling, and a page kept under a spelling its tags did not read
 * (`/LISTE/103-…`, `/U/ayse`, `/FILM/…`, `/l%69ste/…`) outlived the change that should have
 * dropped it: a list or a profile made private stayed readable for minutes, a review did not
 * show. Every address of a changed page must answer the change at once, with and without Redis;
 * a feed's token must never be a cache key or a log line's, whatever its spelling.
 */

const FILM = "/film/dovus-kulubu-1999-550";
const SERIES = "/dizi/breaking-bad-2008-1396";
const PASSWORD = "gizli123";
let counter = 0;
const unique = () => `${Date.now().toString(36)}${counter++}`;
const email = (label: string) => `${label}-${unique()}@example.com`;

/** Tried and what got through, per attack (printed for the README's security section). */
const tally = new Map<string, { tried: number; through: number }>();
function count(attack: string, through: boolean) {
  const entry = tally.get(attack) ?? { tried: 0, through: 0 };
  entry.tried++;
  if (through) entry.through++;
  tally.set(attack, entry);
}
afterAll(() => {
  for (const [attack, { tried, through }] of tally)
    console.log(`hardening-case: ${attack}: ${tried} tried, ${through} got through`);
});

/** The pages (200s) among a walk's answers, with their X-Cache: none may remain after a drop. */
const pagesIn = (chain: Awaited<ReturnType<typeof follow>>["chain"]) =>
  chain
    .filter((answer) => answer.status === 200)
    .map((answer) => `${answer.path} ${answer.headers["x-cache"] ?? ""}`);

/** Other spellings of a lower-case path whose first segment is `first`: case and escapes. */
function spellings(path: string) {
  const [, first, rest] = /^\/([^/]+)(\/.*)$/.exec(path)!;
  const escaped = first!.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
  return [
    path,
    `/${first!.toUpperCase()}${rest}`,
    `/${first![0]!.toUpperCase()}${first!.slice(1)}${rest}`,
    `/${escaped}${rest}`,
    `${path}/`,
  ];
}

async function signedIn(site: string, label: string, name: string) {
  const visitor = new Visitor(site);
  await visitor.signIn(email(label), PASSWORD, name);
  return visitor;
}

/** A list of the owner's, made public; its id, name and address. */
async function publicList(owner: Visitor) {
  const name = `Yağmurlu pazar ${unique()}`;
  const made = await owner.post("/dashboard/listeler", { name });
  const id = /^\/dashboard\/listeler\/(\d+)$/.exec(made.headers.location ?? "")?.[1];
  if (!id) throw new Error(`list not made: ${made.status}`);
  const update = (visibility: string) =>
    owner.post(`/dashboard/listeler/${id}`, {
      intent: "update",
      name,
      description: "",
      visibility,
    });
  expect((await update("public")).status).toBe(302);
  const slug = name.toLocaleLowerCase("tr-TR").replace("ğ", "g").replace(/ /g, "-");
  return { id, name, path: `/liste/${id}-${slug}`, update };
}

/**
 * The attack of the issue, on a server: a public list read at many spellings (each twice, so
 * the page cache keeps what it keeps), then made private: every spelling must answer 404 at once,
 * never a kept copy.
 */
async function listMadePrivate(site: string, label: string) {
  const owner = await signedIn(site, "liste-sahibi", "Liste Sahibi");
  const list = await publicList(owner);
  const addresses = [
    ...spellings(list.path),
    // The id spelled in escapes: React Router reads `103`, the old tag rules nothing.
    list.path.replace(/\/liste\/(\d)/, (_, digit: string) => `/liste/%3${digit}`),
  ];
  for (const address of [...addresses, ...addresses]) {
    const { last } = await follow(site, address);
    expect(last.status, address).toBe(200);
    expect(last.body, address).toContain(list.name);
  }
  expect((await list.update("private")).status).toBe(302);
  for (const address of addresses) {
    const { chain, last } = await follow(site, address);
    const through = last.status !== 404 || chain.some((answer) => answer.status === 200);
    count(`${label}: list made private, read at another spelling`, through);
    expect(pagesIn(chain), address).toEqual([]);
    expect(last.status, address).toBe(404);
    expect(last.body, address).not.toContain(list.name);
  }
}

describe("on one server (memory page cache)", () => {
  // The shared server of the embedded catalogue: other files change its films' pages too, which
  // only drops their cached copies sooner; every list, profile and review here is this file's.
  let server: SharedServer;
  beforeAll(async () => {
    server = await sharedServer();
  });

  it("redirects every other spelling of a page to its one address, query string kept", async () => {
    const cases: [string, string][] = [
      [`/FILM/dovus-kulubu-1999-550?utm_source=x`, `${FILM}?utm_source=x`],
      [`/f%69lm/dovus-kulubu-1999-%35%35%30`, FILM],
      [`${FILM}/`, FILM],
      [
        `/DIZI/breaking-bad-2008-1396.data?_routes=routes%2Fseries`,
        `${SERIES}.data?_routes=routes%2Fseries`,
      ],
      ["/OYUNCU/tom-cruise-500", "/oyuncu/tom-cruise-500"],
      ["/ARA?q=Baba", "/ara?q=Baba"],
      ["/U/Ay%c5%9fe.K", "/u/Ay%C5%9Fe.K"],
      ["/GORSEL/w500/AbC.svg", "/gorsel/w500/AbC.svg"],
      ["/SIFRE-SIFIRLA?token=AbC_9", "/sifre-sifirla?token=AbC_9"],
      ["/Liste-Davet/AbC_9", "/liste-davet/AbC_9"],
    ];
    for (const [from, to] of cases) {
      const answer = await raw(server.url, { path: from });
      count("another spelling answered by its page instead of a redirect", answer.status !== 301);
      expect([answer.status, answer.headers.location], from).toEqual([301, to]);
      expect(answer.headers["x-cache"], from).toBeUndefined();
      // A token is nobody's to keep, a redirect to it included.
      if (from.startsWith("/Liste-Davet/"))
        expect(answer.headers["cache-control"], from).toBe("no-store");
    }
    // The canonical addresses themselves are pages, and a path that resolves to another host is
    // never a redirect there.
    expect((await raw(server.url, { path: FILM })).status).toBe(200);
    const elsewhere = await raw(server.url, { path: "/\\evil.example/film/x" });
    expect(elsewhere.headers.location ?? "").not.toMatch(/^\/\/|^[a-z]+:/i);
  });

  it("drops a list made private from every address at once", async () => {
    await listMadePrivate(server.url, "memory");
  });

  it("drops a profile from every address at once when it is renamed and when it is made private", async () => {
    const owner = await signedIn(server.url, "profil", "Işıl Özkan");
    const first = `Işıl.${unique()}`;
    const second = `Şule_${unique()}`;
    const setName = (username: string) => owner.post("/hesap", { intent: "username", username });
    expect((await setName(first)).status).toBe(302);
    expect(
      (await owner.post("/hesap", { intent: "visibility", visibility: "public" })).status,
    ).toBe(302);
    const addressesOf = (username: string) => {
      const path = `/u/${encodeURIComponent(username)}`;
      return [
        path,
        `/U/${encodeURIComponent(username)}`,
        `/%75/${encodeURIComponent(username)}`,
        `/u/${encodeURIComponent(username).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())}`,
        `${path}/`,
      ];
    };
    const readAll = async (username: string) => {
      for (const address of [...addressesOf(username), ...addressesOf(username)]) {
        const { last } = await follow(server.url, address);
        expect(last.status, address).toBe(200);
        expect(last.body, address).toContain(username);
      }
    };
    const goneEverywhere = async (username: string, attack: string) => {
      for (const address of addressesOf(username)) {
        const { chain, last } = await follow(server.url, address);
        const through = chain.some((answer) => answer.status === 200);
        count(attack, through);
        expect(pagesIn(chain), address).toEqual([]);
        expect(last.status, address).toBe(404);
      }
    };
    await readAll(first);
    expect((await setName(second)).status).toBe(302);
    await goneEverywhere(first, "profile renamed, old name read at another spelling");
    await readAll(second);
    expect(
      (await owner.post("/hesap", { intent: "visibility", visibility: "private" })).status,
    ).toBe(302);
    await goneEverywhere(second, "profile made private, read at another spelling");
  });

  it("shows a review on every address of the film and the series at once", async () => {
    const author = await signedIn(server.url, "yorumcu", "Büyük Harf Yorumcu");
    for (const [path, itemType, itemId] of [
      [FILM, "movie", "550"],
      [SERIES, "tv", "1396"],
    ] as const) {
      const addresses = [...spellings(path), path.replace(/(\d)$/, (digit) => `%3${digit}`)];
      for (const address of [...addresses, ...addresses])
        expect((await follow(server.url, address)).last.status, address).toBe(200);
      const comment = `Büyük harfli adreste de görünmeli ${unique()}.`;
      const posted = await author.post("/yorum", {
        intent: "create",
        itemType,
        itemId,
        js: "1",
        comment,
        rating: "8",
      });
      expect(JSON.parse(posted.body)).toMatchObject({ ok: true });
      for (const address of addresses) {
        const { last } = await follow(server.url, address);
        const through = !last.body.includes(comment);
        count("a review missing from another spelling of its title's page", through);
        expect(last.status, address).toBe(200);
        expect(last.body, address).toContain(comment);
      }
    }
  });

  describe("a calendar feed", () => {
    let token = "";
    beforeAll(async () => {
      const owner = await signedIn(server.url, "takvim", "Takvim Sahibi");
      const made = await owner.post("/takvim", { intent: "create" });
      token = /\/takvim\/abonelik\/([A-Za-z0-9_-]{43})\.ics/.exec(made.body)?.[1] ?? "";
      expect(token).not.toBe("");
    });

    it("is looked up under no cache key and cached by nobody, whatever its spelling", async () => {
      const addresses = [
        `/TAKVIM/abonelik/${token}.ics`,
        `/Takvim/Abonelik/${token}.ics`,
        `/t%61kvim/abonelik/${token}.ics`,
        `/takvim/abonelik/${token}.ics/`,
        `/takvim/abonelik/${token}.ics`,
      ];
      for (const address of addresses) {
        const { chain, last } = await follow(server.url, address);
        // A page cache that looked the address up says so (X-Cache: MISS).
        const through = chain.some(
          (answer) =>
            answer.headers["x-cache"] !== undefined ||
            !/no-store|private/.test(String(answer.headers["cache-control"])),
        );
        count("a feed's address looked up in the page cache or left cacheable", through);
        for (const answer of chain) {
          expect(answer.headers["x-cache"], answer.path).toBeUndefined();
          expect(answer.headers["cache-control"], answer.path).toMatch(/no-store|private/);
        }
        expect(last.status, address).toBe(200);
        expect(last.body, address).toContain("BEGIN:VCALENDAR");
      }
    });

    it("answers only at its .ics address: its .data is no calendar, and no one may keep it", async () => {
      for (const address of [
        `/takvim/abonelik/${token}.ics.data`,
        `/TAKVIM/abonelik/${token}.ics.data`,
        `/takvim/abonelik/${token}.ics.data?_routes=routes%2Fcalendar-feed`,
      ]) {
        const { chain, last } = await follow(server.url, address);
        count("a feed served at its .data address", last.body.includes("BEGIN:VCALENDAR"));
        expect(last.status, address).toBe(404);
        expect(last.body, address).not.toContain("BEGIN:VCALENDAR");
        for (const answer of chain)
          expect(answer.headers["cache-control"], answer.path).toMatch(/no-store|private/);
      }
    });

    it("never puts its token in a log line, whatever its spelling", async () => {
      const cross = { Origin: "https://evil.example" };
      const attempts = [
        // A method the feed refuses (405), logged with its path.
        { method: "POST", path: `/TAKVIM/abonelik/${token}.ics` },
        { method: "POST", path: `/t%61kvim/abonelik/${token}.ics` },
        { method: "DELETE", path: `/Takvim/Abonelik/${token}.ics.data` },
        // A cross-site post, refused and logged by the same-origin check.
        { method: "POST", path: `/TAKVIM/abonelik/${token}.ics`, headers: cross },
        { method: "POST", path: `/takvim/./abonelik/${token}.ics`, headers: cross },
        { method: "POST", path: `//takvim/abonelik/${token}.ics`, headers: cross },
        // Addresses no route has.
        { method: "GET", path: `//takvim/abonelik/${token}.ics` },
        { method: "GET", path: `/TAKVIM/abonelik/${token}.ics/x` },
      ];
      const leaks: string[] = [];
      let logged = "";
      for (const attempt of attempts) {
        const from = (await server.settledOutput()).length;
        await raw(server.url, {
          ...attempt,
          headers: { "Content-Type": "text/plain", "Content-Length": 0, ...attempt.headers },
        });
        const lines = (await server.settledOutput()).slice(from);
        logged += lines;
        const leaked = lines.split("\n").filter((line) => line.includes(token));
        count("a feed's token in a log line", leaked.length > 0);
        leaks.push(...leaked);
      }
      expect(leaks).toEqual([]);
      // The attempts were logged, with the token hidden.
      expect(logged).toContain("[gizli]");
    });
  });
});

/** Debian's redis-server: CI has it; a fresh machine with only Node skips this block. */
const haveRedisServer = () => spawnSync("redis-server", ["--version"]).status === 0;

/** Every command the Redis server runs, as MONITOR reports it. */
async function monitor(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect({ host: hostname, port: Number(port) });
  let seen = "";
  socket.on("data", (chunk) => (seen += chunk.toString("utf8")));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("error", reject);
  });
  socket.write("MONITOR\r\n");
  /** What Redis ran up to now: a marker is sent on another connection and awaited. */
  const upToNow = async () => {
    const marker = `mark-${randomUUID()}`;
    const other = connect({ host: hostname, port: Number(port) });
    await new Promise<void>((resolve) => other.once("connect", () => resolve()));
    other.write(`ECHO ${marker}\r\n`);
    while (!seen.includes(marker)) await new Promise((resolve) => setTimeout(resolve, 20));
    other.destroy();
    return seen;
  };
  return { upToNow, close: () => socket.destroy() };
}

describe.skipIf(!haveRedisServer())("with REDIS_URL (the page store in Redis)", () => {
  let redis: RedisServer;
  let server: TestServer;
  beforeAll(async () => {
    redis = await startRedisServer();
    server = await startAppServer({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await server?.end();
    await redis?.destroy();
  });

  it("drops a list made private from every address at once", async () => {
    await listMadePrivate(server.url, "redis");
  });

  it("never asks Redis for a key holding a feed's token", async () => {
    const owner = await signedIn(server.url, "takvim-redis", "Takvim Sahibi");
    const made = await owner.post("/takvim", { intent: "create" });
    const token = /\/takvim\/abonelik\/([A-Za-z0-9_-]{43})\.ics/.exec(made.body)?.[1] ?? "";
    expect(token).not.toBe("");
    const watch = await monitor(redis.url);
    try {
      const asked: string[] = [];
      for (const path of [
        `/TAKVIM/abonelik/${token}.ics`,
        `/t%61kvim/abonelik/${token}.ics`,
        `/Liste-Davet/${token}`,
        `/takvim/abonelik/${token}.ics`,
        `/TAKVIM/abonelik/${token}.ics.data`,
      ]) {
        const from = (await watch.upToNow()).length;
        await raw(server.url, { path });
        const lines = (await watch.upToNow()).slice(from).split("\n");
        const withToken = lines.filter((line) => line.includes(token));
        count("a feed's token in a Redis command", withToken.length > 0);
        asked.push(...withToken);
      }
      // The watch sees the page store's commands: a page read is one.
      const from = (await watch.upToNow()).length;
      await raw(server.url, { path: "/oduller" });
      expect((await watch.upToNow()).slice(from)).toContain("/oduller");
      expect(asked).toEqual([]);
    } finally {
      watch.close();
    }
  });
});
