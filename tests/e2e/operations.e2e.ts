import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_KEY } from "../fake-tmdb/fixtures";
import { startFakeTmdb, type FakeTmdb } from "../fake-tmdb/server";
import { freePort, startAppServer, type RunningServer } from "../support/app-server";
import { raw, Visitor } from "../support/raw-http";

/*
 * Running several instances behind a proxy (issues #22.9, #27.2, #27.6, #27.7): the built server
 * as nginx would see it. The "proxy" is the test on 127.0.0.1, which TRUST_PROXY names; a client
 * talking to the server directly comes from 127.0.0.2.
 */

const PUBLIC_SITE_URL = "https://perde.example";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let fake: FakeTmdb;
const servers: RunningServer[] = [];

beforeAll(async () => {
  fake = await startFakeTmdb();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await fake.close();
});

async function startSite(env: Record<string, string> = {}) {
  const server = await startAppServer({
    CATALOGUE: "tmdb",
    TMDB_API_BASE_URL: fake.url,
    TMDB_API_KEY: API_KEY,
    PUBLIC_SITE_URL,
    TRUST_PROXY: "127.0.0.1",
    LOG_LEVEL: "info",
    ...env,
  });
  servers.push(server);
  return server;
}

/**
 * The site of the first two groups, started once: neither group looks at what the other does
 * (their log checks look for their own request ids and messages), and a start costs 4-5 s of CPU.
 */
let plainSite: Promise<RunningServer> | undefined;
const sharedSite = () => (plainSite ??= startSite());

/** The server's JSON log lines so far. */
function logLines(server: RunningServer): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("a proxy that passes the upstream's address as Host", () => {
  let site: RunningServer;
  beforeAll(async () => {
    site = await sharedSite();
  });

  it("accepts a form post whose Origin is PUBLIC_SITE_URL", async () => {
    const visitor = new Visitor(site.url);
    await visitor.signUp("vekil@example.com");
    const answer = await visitor.post(
      "/auth",
      { intent: "signin", email: "vekil@example.com", password: "gizli123" },
      // nginx's default: Host is the upstream's name, not the site's.
      { Host: "127.0.0.1:3001", Origin: PUBLIC_SITE_URL },
    );
    expect(answer.status).toBe(302);
    expect(logLines(site).filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it("refuses a foreign Origin with a Turkish page, logged once as a warning without a stack", async () => {
    const id = "refused-origin-1";
    const answer = await raw(site.url, {
      method: "POST",
      path: "/auth",
      body: "intent=signin&email=a%40b.c&password=gizli123",
      headers: {
        Host: "127.0.0.1:3001",
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Request-Id": id,
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers["content-type"]).toContain("text/html");
    expect(answer.body).toContain("Bu istek başka bir siteden geldiği için reddedildi.");
    await vi.waitFor(() => expect(logLines(site).some((line) => line.requestId === id)).toBe(true));
    // Its answer is out, and the request's one line is there: nothing else follows.
    await raw(site.url, { path: "/healthz" });
    const lines = logLines(site).filter((line) => line.requestId === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, origin: "https://evil.example" });
    expect(JSON.stringify(lines[0])).not.toMatch(/"stack"|\bat \w/);
  });

  it("believes X-Forwarded-Host only from TRUST_PROXY's proxies", async () => {
    const post = (from: string) =>
      raw(site.url, {
        method: "POST",
        path: "/auth",
        from,
        body: "intent=signin&email=yok%40example.com&password=yanlis1",
        headers: {
          Host: "127.0.0.1:3001",
          "X-Forwarded-Host": "ayna.example",
          "X-Forwarded-Proto": "https",
          Origin: "https://ayna.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
      });
    // The proxy says the visitor asked for ayna.example: the form is its own page's.
    const trusted = await post("127.0.0.1");
    expect(trusted.status).toBe(400);
    expect(trusted.body).toContain("E-posta veya şifre hatalı");
    // A client that is no proxy cannot make a foreign Origin look like ours.
    const stranger = await post("127.0.0.2");
    expect(stranger.status).toBe(403);
  });
});

describe("request ids", () => {
  let site: RunningServer;
  beforeAll(async () => {
    site = await sharedSite();
  });

  it("are sent back on every answer, page cache hits included", async () => {
    const ids = new Set<string>();
    for (const path of ["/oyuncular", "/oyuncular", "/favicon.svg", "/bu/yol/yok", "/healthz"]) {
      const answer = await raw(site.url, { path });
      ids.add(String(answer.headers["x-request-id"]));
      expect(answer.headers["x-request-id"], path).toMatch(UUID);
    }
    // The page is kept once its answer is out: ask until it comes from the cache.
    const hit = await vi.waitFor(async () => {
      const answer = await raw(site.url, { path: "/oyuncular" });
      expect(answer.headers["x-cache"]).toBe("HIT");
      return answer;
    });
    expect(hit.headers["x-request-id"]).toMatch(UUID);
    ids.add(String(hit.headers["x-request-id"]));
    const again = await raw(site.url, { path: "/oyuncular" });
    expect(again.headers["x-cache"]).toBe("HIT");
    ids.add(String(again.headers["x-request-id"]));
    // Each its own, the cache hits too.
    expect(ids.size).toBe(7);
  });

  it("come from a trusted proxy when short and plain, and are made here otherwise", async () => {
    const ask = async (from: string, id: string) =>
      (await raw(site.url, { path: "/healthz", from, headers: { "X-Request-Id": id } })).headers[
        "x-request-id"
      ];
    expect(await ask("127.0.0.1", "nginx-7f3a.1")).toBe("nginx-7f3a.1");
    expect(await ask("127.0.0.2", "nginx-7f3a.1")).toMatch(UUID);
    expect(await ask("127.0.0.1", 'a b"<script>')).toMatch(UUID);
    expect(await ask("127.0.0.1", "x".repeat(200))).toMatch(UUID);
  });

  it("are on the log lines that loaders and actions write", async () => {
    const id = "log-line-check-1";
    const visitor = new Visitor(site.url);
    await visitor.signIn("kimlik@example.com");
    // A row id that is no number: the action logs one warning of its own.
    const answer = await visitor.post(
      "/liste",
      { intent: "remove-row", rowId: "abc", js: "1" },
      { Origin: PUBLIC_SITE_URL, "X-Request-Id": id },
    );
    expect(answer.headers["x-request-id"]).toBe(id);
    // The child's output reaches us a moment after the answer.
    await vi.waitFor(() =>
      expect(logLines(site).filter((line) => line.msg === "malformed library form")).toEqual([
        expect.objectContaining({ level: 40, requestId: id }),
      ]),
    );
  });
});

describe("metrics", () => {
  let site: RunningServer;
  let metricsUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    site = await startSite({ METRICS_PORT: String(port) });
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
  });

  it("are served on their own port only, with routes, statuses, upstream calls and process series", async () => {
    for (const path of ["/", "/ara?q=dovus", "/ara?q=baba", "/film/550", "/bu/yol/yok"])
      await raw(site.url, { path });
    const main = await raw(site.url, { path: "/metrics" });
    expect(main.status).toBe(404);
    expect(main.body).not.toContain("perde_http_request_duration_seconds");

    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    const text = await response.text();
    const count = (labels: string) =>
      new RegExp(`perde_http_request_duration_seconds_count\\{${labels}\\} (\\d+)`).exec(text)?.[1];
    expect(count('route="routes/search",method="GET",status="200"')).toBe("2");
    expect(count('route="routes/home",method="GET",status="200"')).toBeDefined();
    expect(count('route="routes/not-found",method="GET",status="404"')).toBeDefined();
    expect(text).toMatch(/perde_http_request_duration_seconds_bucket\{le="0.1",route=/);
    // Route ids, never the raw addresses: their number must not grow with what clients invent.
    expect(text).not.toContain("dovus");
    expect(text).not.toContain("/bu/yol/yok");
    expect(text).toMatch(
      /perde_tmdb_requests_total\{endpoint="\/search\/multi",outcome="ok"\} \d+/,
    );
    expect(text).toMatch(/perde_tmdb_requests_total\{endpoint="\/movie\/:id",outcome="ok"\} \d+/);
    expect(text).toContain("# TYPE perde_page_cache_lookups_total counter");
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("listen on the loopback interface only by default", async () => {
    const port = new URL(metricsUrl).port;
    expect(site.output()).toContain(`metrics on http://127.0.0.1:${port}/metrics`);
  });
});

/** Opens a connection and resolves once it is established. */
function openSocket(base: string): Promise<Socket> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Everything the server sends on a socket until it closes it. */
function untilClosed(socket: Socket): Promise<string> {
  let received = "";
  socket.on("data", (chunk) => (received += chunk));
  return new Promise((resolve) => socket.once("close", () => resolve(received)));
}

describe("slow clients", () => {
  let site: RunningServer;
  beforeAll(async () => {
    site = await startSite({ HTTP_HEADERS_TIMEOUT_MS: "700", HTTP_KEEP_ALIVE_TIMEOUT_MS: "2000" });
  });

  it("are cut off when their headers take longer than the limit, while others are served", async () => {
    const slow = await openSocket(site.url);
    slow.on("error", () => undefined);
    const closed = untilClosed(slow);
    const started = Date.now();
    // The request line and one header, and then nothing more (a slowloris client).
    slow.write("GET / HTTP/1.1\r\nHost: perde.example\r\n");
    const normal = await raw(site.url, { path: "/healthz" });
    expect(normal.status).toBe(200);
    const received = await closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    if (received) expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it("announce the keep-alive limit", async () => {
    const answer = await raw(site.url, { path: "/healthz", headers: { Connection: "keep-alive" } });
    expect(answer.headers["keep-alive"]).toBe("timeout=2");
  });
});

interface HeldPost {
  /** Resolves once the server has the request's headers (it answered 100 Continue). */
  arrived: Promise<void>;
  /** Sends the rest of the body. */
  finish(): void;
  answer: Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>;
}

/** A form post whose body is held back until `finish()`: a request in flight for as long. */
function heldPost(base: string, path: string, body: string, headers: Record<string, string>) {
  const url = new URL(base);
  let arrived!: () => void;
  const held = {
    arrived: new Promise<void>((resolve) => (arrived = resolve)),
  } as HeldPost;
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    method: "POST",
    path,
    headers: {
      ...headers,
      Expect: "100-continue",
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": Buffer.byteLength(body),
    },
  });
  req.once("continue", () => {
    req.write(body.slice(0, 5));
    arrived();
  });
  held.finish = () => req.end(body.slice(5));
  held.answer = new Promise((resolve, reject) => {
    req.once("response", (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.once("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
      res.once("error", reject);
    });
    req.once("error", reject);
  });
  req.flushHeaders();
  // Failures surface through `answer`; without this they would also be unhandled.
  held.answer.catch(() => undefined);
  return held;
}

describe("shutdown on SIGTERM", () => {
  it("drains: readiness fails at once, no new connection, every request in flight answered, exit 0", async () => {
    const site = await startSite({ SHUTDOWN_TIMEOUT: "20" });
    const visitor = new Visitor(site.url);
    await visitor.signUp("bosalt@example.com");
    const signIn = "intent=signin&email=bosalt%40example.com&password=gizli123";

    // Page reads that wait on a slow movie database, and sign-in posts whose bodies are still
    // on their way, all in flight when the signal comes.
    fake.delayMs = 1_500;
    const window = fake.requests.length;
    const reads = ["ilk", "ikinci", "ucuncu"].map((query) =>
      raw(site.url, { path: `/ara?q=${query}` }),
    );
    const posts = [0, 1, 2].map(() =>
      heldPost(site.url, "/auth", signIn, { Origin: PUBLIC_SITE_URL }),
    );
    // A balancer's health check, its request line sent and its headers not finished.
    const probe = await openSocket(site.url);
    const probeAnswer = untilClosed(probe);
    probe.write("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await Promise.all(posts.map((post) => post.arrived));
    await vi.waitFor(
      () =>
        expect(
          fake.requests.slice(window).filter((request) => request.path === "/search/multi"),
        ).toHaveLength(3),
      { timeout: 10_000 },
    );

    const exited = new Promise<number | null>((resolve) => site.process.once("exit", resolve));
    const signalled = Date.now();
    site.process.kill("SIGTERM");
    await vi.waitFor(() => expect(site.output()).toContain("shutting down: draining"));

    // The probe's headers end after the signal: the server is draining.
    probe.end("\r\n");
    const readiness = await probeAnswer;
    expect(readiness).toMatch(/^HTTP\/1\.1 503/);
    expect(readiness).toMatch(/\r\nConnection: close\r\n/i);
    expect(readiness).toContain('"status":"draining"');
    // The listener is closed: a new connection is refused.
    await expect(openSocket(site.url)).rejects.toMatchObject({ code: "ECONNREFUSED" });

    for (const post of posts) post.finish();
    const answers = await Promise.all([...reads, ...posts.map((post) => post.answer)]);
    for (const answer of answers.slice(0, 3)) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("</html>");
    }
    for (const answer of answers.slice(3)) {
      expect(answer.status).toBe(302);
      expect(answer.headers.connection).toBe("close");
    }
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(20_000);
    fake.delayMs = 0;
    expect(site.output()).toContain('"msg":"stopped"');
  });
});
