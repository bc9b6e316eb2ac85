import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import type { Logger } from "~/core/logger.server";
import { cdnPurge } from "./cdn-purge";

function fakeLogger() {
  const warn = vi.fn();
  return { logger: { warn } as unknown as Logger, warn };
}

/** A purge endpoint that holds each call until `answer` is called. */
async function endpoint(status: number) {
  const calls: { req: IncomingMessage; body: string }[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      calls.push({ req, body });
      server.emit("call");
      void released.then(() => res.writeHead(status).end());
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
  return { server, url, calls, release };
}

describe("the purge call to the cache in front (CDN_PURGE_URL)", () => {
  it("posts the tags as Surrogate-Key and as JSON, and never holds up its caller", async () => {
    const { server, url, calls, release } = await endpoint(200);
    const { logger, warn } = fakeLogger();
    const called = once(server, "call");
    // Returns before the endpoint has even answered.
    expect(cdnPurge(url, logger)(["movie:238", "profile:ayşe"])).toBeUndefined();
    await called;
    const [{ req, body }] = calls as [(typeof calls)[number]];
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/purge");
    expect(req.headers["surrogate-key"]).toBe("movie:238 profile:ay%C5%9Fe");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(body)).toEqual({ tags: ["movie:238", "profile:ay%C5%9Fe"] });
    release();
    server.close();
    expect(warn).not.toHaveBeenCalled();
  });

  it("logs a refusal, an unreachable endpoint and a timeout, and throws nothing", async () => {
    const refusing = await endpoint(403);
    refusing.release();
    const { logger, warn } = fakeLogger();
    const logged = new Promise((resolve) => warn.mockImplementation(resolve));
    cdnPurge(refusing.url, logger)(["movie:1"]);
    await logged;
    expect(warn).toHaveBeenCalledWith({ status: 403, tags: ["movie:1"] }, "CDN purge refused");
    refusing.server.close();

    const gone = fakeLogger();
    const failed = new Promise((resolve) => gone.warn.mockImplementation(resolve));
    cdnPurge("http://127.0.0.1:1/purge", gone.logger)(["movie:2"]);
    await failed;
    expect(gone.warn.mock.calls[0]![1]).toBe("CDN purge failed");

    const silent = await endpoint(200); // never released: never answers
    const slow = fakeLogger();
    const timedOut = new Promise((resolve) => slow.warn.mockImplementation(resolve));
    cdnPurge(silent.url, slow.logger, { timeoutMs: 50 })(["movie:3"]);
    await timedOut;
    expect(slow.warn.mock.calls[0]![1]).toBe("CDN purge failed");
    silent.release();
    silent.server.close();
  });
});
