import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";
import { describe, expect, it } from "vitest";
import { requestUrl } from "./react-router-adapter";

function incoming(
  headers: Record<string, string>,
  { remoteAddress = "10.0.0.5", encrypted = false, url = "/film/baba-1972-238?x=1" } = {},
) {
  return { headers, url, socket: { remoteAddress, encrypted } } as unknown as IncomingMessage;
}

const trustNone = proxyAddr.compile([]);
const trustLocalProxy = proxyAddr.compile(["10.0.0.5"]);
const forwarded = {
  host: "127.0.0.1:3000",
  "x-forwarded-proto": "https, http",
  "x-forwarded-host": "perde.example, evil.example",
};

describe("the URL React Router is given", () => {
  it("is the Host header and the path, over http, when no proxy is trusted", () => {
    expect(requestUrl(incoming(forwarded), trustNone)).toBe(
      "http://127.0.0.1:3000/film/baba-1972-238?x=1",
    );
  });

  it("takes the first forwarded protocol and host only from a proxy TRUST_PROXY names", () => {
    expect(requestUrl(incoming(forwarded), trustLocalProxy)).toBe(
      "https://perde.example/film/baba-1972-238?x=1",
    );
    const stranger = incoming(forwarded, { remoteAddress: "203.0.113.9" });
    expect(requestUrl(stranger, trustLocalProxy)).toBe(
      "http://127.0.0.1:3000/film/baba-1972-238?x=1",
    );
  });

  it("is https on a TLS socket", () => {
    expect(requestUrl(incoming({ host: "perde.example" }, { encrypted: true }), trustNone)).toBe(
      "https://perde.example/film/baba-1972-238?x=1",
    );
  });

  it("cannot be given a path, a query or credentials through the Host header", () => {
    for (const host of ["evil.example/yol?q=1", "user@evil.example", "evil.example#x", "a\\b"]) {
      const url = new URL(requestUrl(incoming({ host }, { url: "/" }), trustNone));
      expect(url.pathname, host).toBe("/");
      expect(url.search + url.hash + url.username, host).toBe("");
    }
    expect(requestUrl(incoming({}, { url: "/" }), trustNone)).toBe("http://localhost/");
  });
});
