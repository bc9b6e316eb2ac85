import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "~/core/logger.server";
import { createTmdbHttp, endpointFamily, type TmdbOutcome } from "./http.server";

// An upstream that counts how many requests it is answering at once.
let server: Server;
let url: string;
const load = { now: 0, most: 0, served: 0 };
beforeAll(async () => {
  server = createServer((_req, res) => {
    load.now++;
    load.most = Math.max(load.most, load.now);
    setTimeout(
      () => {
        load.now--;
        load.served++;
        res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
      },
      2 + Math.floor(Math.random() * 8),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/3`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the movie database client's concurrency cap", () => {
  for (const cap of [1, 3]) {
    it(`never has more than ${cap} requests in flight, however callers arrive`, async () => {
      Object.assign(load, { now: 0, most: 0, served: 0 });
      const http = createTmdbHttp({
        apiBaseUrl: url,
        apiKey: "key",
        logger: createLogger("silent"),
        maxConcurrent: cap,
      });
      // Callers arrive at once, on timers, and right as earlier answers come back.
      const calls: Promise<unknown>[] = [];
      for (let index = 0; index < 20; index++) calls.push(http.get(`/a/${index}`));
      for (let index = 0; index < 20; index++) {
        calls.push(
          new Promise((resolve) => setTimeout(resolve, index * 3)).then(() =>
            http.get(`/b/${index}`),
          ),
        );
        calls.push(calls[index]!.then(() => http.get(`/c/${index}`)));
      }
      const answers = await Promise.all(calls);
      expect(answers).toHaveLength(60);
      expect(answers.every((answer) => (answer as { ok: boolean }).ok)).toBe(true);
      expect(load.served).toBe(60);
      expect(load.most).toBe(cap);
    });
  }
});

describe("the cap when a caller arrives just as a slot is released", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lets the waiting request or the newcomer run, never both at a cap of 1", async () => {
    // A fetch the test answers by hand, counting requests that have not been answered yet; the
    // test takes each request when it arrives (`nextRequest`), never after a guessed time.
    const pending: { path: string; answer: () => void }[] = [];
    let arrived = () => {};
    let open = 0;
    let most = 0;
    vi.stubGlobal("fetch", (url: URL) => {
      open++;
      most = Math.max(most, open);
      return new Promise<Response>((resolve) => {
        pending.push({
          path: url.pathname,
          answer: () => {
            open--;
            resolve(Response.json({ ok: true }));
          },
        });
        arrived();
      });
    });
    const nextRequest = async () => {
      while (pending.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
      return pending.shift()!;
    };
    const http = createTmdbHttp({
      apiBaseUrl: "http://upstream.test/3",
      apiKey: "key",
      logger: createLogger("silent"),
      maxConcurrent: 1,
    });
    const first = http.get("/first");
    const waiting = http.get("/waiting");
    const firstRequest = await nextRequest();
    expect(firstRequest.path).toBe("/3/first");
    // The first answer frees the slot; in the same turn, before the waiting request resumes,
    // a newcomer asks.
    firstRequest.answer();
    let newcomer: Promise<unknown> | undefined;
    queueMicrotask(() => (newcomer = http.get("/newcomer")));
    await first;
    // The two others, answered one by one as they reach the upstream: had both been let through
    // at once, two would have been open together.
    const paths = [];
    for (let answered = 0; answered < 2; answered++) {
      const request = await nextRequest();
      paths.push(request.path);
      request.answer();
    }
    expect(paths.sort()).toEqual(["/3/newcomer", "/3/waiting"]);
    expect(await Promise.all([waiting, newcomer])).toEqual([{ ok: true }, { ok: true }]);
    expect(most).toBe(1);
  });
});

describe("what the client tells its observer (the server's metrics)", () => {
  it("names endpoint families without ids, so the metric's labels stay a small set", () => {
    expect(endpointFamily("/movie/603")).toBe("/movie/:id");
    expect(endpointFamily("/tv/1399/season/2/episode/3")).toBe("/tv/:id/season/:id/episode/:id");
    expect(endpointFamily("/person/popular")).toBe("/person/popular");
    expect(endpointFamily("/genre/movie/list")).toBe("/genre/movie/list");
    expect(endpointFamily("/movie/abc-123")).toBe("/movie/:id");
  });

  it("reports every attempt with its outcome, failures included", async () => {
    const seen: [string, TmdbOutcome][] = [];
    const http = createTmdbHttp({
      apiBaseUrl: url,
      apiKey: "key",
      logger: createLogger("silent"),
      observe: (endpoint, outcome) => seen.push([endpoint, outcome]),
    });
    await http.get("/movie/7");
    const unreachable = createTmdbHttp({
      apiBaseUrl: "http://127.0.0.1:1/3",
      apiKey: "key",
      logger: createLogger("silent"),
      retries: 1,
      backoffMs: 1,
      observe: (endpoint, outcome) => seen.push([endpoint, outcome]),
    });
    await expect(unreachable.get("/tv/9/season/1")).rejects.toThrow(/unreachable/);
    expect(seen).toEqual([
      ["/movie/:id", "ok"],
      ["/tv/:id/season/:id", "unreachable"],
      ["/tv/:id/season/:id", "unreachable"],
    ]);
  });
});
