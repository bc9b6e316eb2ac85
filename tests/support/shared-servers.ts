import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { freePort, startAppServer, type TestServer } from "./app-server";
import { rememberSharedSite, setSiteClock } from "./client-address";

/*
 * Built servers shared by the browser test files (docs/testing.md, "Shared servers").
 *
 * A server start costs about 3 s of CPU (PGlite opening a copy of the seed data, the job queue,
 * the server build's modules) and its stop a few more: with a server per file the browser suite
 * spent a good part of its time starting and stopping servers. The e2e global setup therefore
 * runs a server pool: a small HTTP service in the global setup's process that starts one app
 * server per distinct set of environment variables, the first time a test file asks for it, and
 * keeps it until the run ends. Files asking for the same variables (the embedded catalogue, say)
 * get the same server, in whichever worker they run; a file's day (PERDE_NOW) is no variable of
 * the server but a header of the file's requests (decision 032).
 *
 * Pool servers trust X-Forwarded-For from loopback (TRUST_PROXY=loopback): every visitor a test
 * makes on them (a browser tab, an account made with form posts, a `Visitor`) comes from a client
 * address of its own (client-address.ts), so that the per-client limits (ten sign-ups an hour,
 * thirty sign-ins a quarter of an hour) count each visitor apart, as they would count people, and
 * files never use up each other's allowance. What a shared server cannot give a file (a data
 * folder to open or restart, a log of its own, limits counted from one address, a first start)
 * stays with `startAppServer`: sharing is opt-in, file by file.
 */

/** The environment variable that carries the pool's address to the test files' processes. */
export const SERVER_POOL_VARIABLE = "PERDE_TEST_SERVER_POOL";

/**
 * What every pool server runs with, beside the variables a file asks for: forwarded client
 * addresses believed from loopback, and a log line for every request (a file looks for its own
 * lines in `settledOutput`), a clock per request (PERDE_TEST_CLOCK=1, X-Perde-Now), so files on
 * different days share one server, and cheap password hashes for the hundreds of accounts the
 * files make (PERDE_TEST_FAST_PASSWORDS=1): decision 032. The files that test sign-ins and
 * passwords themselves (hardening, hardening-accounts) keep servers of their own, without either.
 */
const POOL_ENV = {
  TRUST_PROXY: "loopback",
  LOG_LEVEL: "info",
  PERDE_TEST_CLOCK: "1",
  PERDE_TEST_FAST_PASSWORDS: "1",
};

/** In a variable's value, `{port}` becomes the server's port (PUBLIC_SITE_URL naming itself). */
const PORT_PLACEHOLDER = "{port}";

export interface ServerPool {
  url: string;
  /** A server for these variables: the one already running, or a new one. */
  server(env?: Record<string, string>): Promise<TestServer>;
  close(): Promise<void>;
}

/** The same variables in any order are the same server. */
const keyOf = (env: Record<string, string>) =>
  JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));

/** Starts the pool (in the e2e global setup); its servers start when first asked for. */
export async function startServerPool(): Promise<ServerPool> {
  const servers = new Map<string, Promise<TestServer>>();

  function server(asked: Record<string, string> = {}) {
    // The embedded catalogue unless told otherwise, as a server without a movie database key has.
    const env = { CATALOGUE: "local", ...asked };
    const key = keyOf(env);
    let started = servers.get(key);
    if (!started) {
      started = (async () => {
        const port = await freePort();
        const filled = Object.fromEntries(
          Object.entries(env).map(([name, value]) => [
            name,
            value.replaceAll(PORT_PLACEHOLDER, String(port)),
          ]),
        );
        return startAppServer({ ...POOL_ENV, ...filled, PORT: String(port) });
      })();
      // A start that failed is tried again by the next file that asks, not handed out broken.
      started.catch(() => servers.delete(key));
      servers.set(key, started);
    }
    return started;
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    let body = "";
    for await (const chunk of request) body += String(chunk);
    const { env = {}, output = false } = JSON.parse(body || "{}") as {
      env?: Record<string, string>;
      output?: boolean;
    };
    const running = await server(env);
    response.setHeader("Content-Type", "application/json");
    response.end(
      JSON.stringify({
        url: running.url,
        ...(output ? { output: await running.settledOutput() } : {}),
      }),
    );
  }

  const http = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error instanceof Error ? (error.stack ?? error.message) : error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address = http.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  return {
    url,
    server,
    async close() {
      http.close();
      const running = await Promise.allSettled(servers.values());
      await Promise.all(
        running.map((result) => (result.status === "fulfilled" ? result.value.end() : undefined)),
      );
    },
  };
}

/** A pool server as a test file sees it. */
export interface SharedServer {
  url: string;
  /**
   * Everything the server has logged so far, every file's requests included (see
   * `TestServer.settledOutput`): look for what only this file could have caused.
   */
  settledOutput(): Promise<string>;
  /** Nothing to do: the pool ends its servers when the run ends. */
  end(): Promise<void>;
}

async function ask(env: Record<string, string>, output: boolean) {
  const pool = process.env[SERVER_POOL_VARIABLE];
  if (!pool) throw new Error("no server pool: shared servers need the e2e project's global setup");
  const response = await fetch(pool, { method: "POST", body: JSON.stringify({ env, output }) });
  if (!response.ok)
    throw new Error(`the server pool could not start a server:\n${await response.text()}`);
  return (await response.json()) as { url: string; output?: string };
}

/**
 * The pool's server for these variables (the embedded catalogue by default: the same server as
 * `inject("baseURL")`), started by the first file that asks. `{port}` in a value is the server's
 * own port. Tests on it share its database with other files: they make their own people and
 * lists, and never count on a film, a page or a total that another file may change. `PERDE_NOW`
 * puts the file's requests to it on that day (X-Perde-Now, decision 032): its tabs, form posts,
 * visitors and plain `fetch` calls; pages on a day of their own skip the page cache.
 */
export async function sharedServer(asked: Record<string, string> = {}): Promise<SharedServer> {
  // A day of the file's own (PERDE_NOW) is sent with its requests, not a server of its own.
  const { PERDE_NOW: day, ...env } = asked;
  const { url } = await ask(env, false);
  rememberSharedSite(url);
  setSiteClock(url, day);
  return {
    url,
    settledOutput: async () => (await ask(env, true)).output ?? "",
    end: async () => undefined,
  };
}
