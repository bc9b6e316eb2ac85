import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { Readable } from "node:stream";
import proxyAddr from "proxy-addr";
import { createRequestHandler, type ServerBuild } from "react-router";
import { isSharedResponse } from "~/core/http-cache";
import { pageTagOfPath, tagHeaderValue } from "~/core/paths";
import type { AppServices } from "~/services.server";
import { requestLogger } from "./request-context";
import type { TrustProxy } from "./trust-proxy";

/** React Router's answer, read whole: our documents are rendered into one buffer anyway. */
export interface Answer {
  status: number;
  headers: [name: string, value: string][];
  body: Buffer | null;
}

export type AnswerRequest = (
  req: IncomingMessage,
  res: ServerResponse,
  nonce: string,
) => Promise<Answer>;

export interface AdapterOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  services: AppServices;
  trust: TrustProxy;
  /** The policy of a response every visitor shares (decision 023); absent in development. */
  hashedPolicy?: (hashes: readonly string[]) => string;
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const comma = value?.indexOf(",") ?? -1;
  return comma === -1 ? value?.trim() : value!.slice(0, comma).trim();
}

/**
 * The URL the visitor asked for, read as Express reads it: the forwarded protocol and host are
 * believed only from a proxy TRUST_PROXY names.
 */
export function requestUrl(req: IncomingMessage, trust: TrustProxy): string {
  const viaProxy = trust(req.socket.remoteAddress ?? "", 0);
  const protocol =
    (viaProxy && firstValue(req.headers["x-forwarded-proto"])) ||
    ((req.socket as TLSSocket).encrypted ? "https" : "http");
  const host = (viaProxy && firstValue(req.headers["x-forwarded-host"])) || req.headers.host || "";
  // A Host header cannot smuggle a path, a query or credentials into the URL.
  const cleanHost = host.split(/[\\/?#@]/)[0] || "localhost";
  return `${protocol}://${cleanHost}${req.url ?? "/"}`;
}

function toRequest(req: IncomingMessage, trust: TrustProxy, signal: AbortSignal): Request {
  // `new URL` first: a Host header no URL can hold is an ERR_INVALID_URL (a 400), where the
  // Request constructor would only say "Failed to parse URL".
  const url = new URL(requestUrl(req, trust));
  // Node's own reading of the headers: a repeated single-value header (Host, Content-Type,
  // Authorization…) counts once, as it did for Express.
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/**
 * React Router refuses an action whose Origin is not the request URL's origin, which behind a
 * proxy that does not forward the Host is the upstream's address (`127.0.0.1:3001`): every form
 * post was a 400 (issue #27.6). sameOriginOnly has already checked the Origin against the public
 * site's and the request's own; React Router is told the public site's host is ours too.
 */
function acceptPublicOrigin(
  build: ServerBuild | (() => Promise<ServerBuild>),
  publicSiteUrl: string,
): ServerBuild | (() => Promise<ServerBuild>) {
  const allowedActionOrigins = [new URL(publicSiteUrl).host];
  if (typeof build === "function")
    return async () => ({ ...(await build()), allowedActionOrigins });
  return { ...build, allowedActionOrigins };
}

/**
 * React Router on Node's own request and response, in place of `@react-router/express`: the
 * request is built once from the raw headers, and the answer comes back whole instead of being
 * pumped chunk by chunk through a web stream into Express's response. The same adapter answers
 * page reads straight from Node's listener and everything else at the end of Express (decision
 * 012), so a page reads the same load context whichever way it came.
 */
/** Text types that are read as UTF-8 only when they say so (as Express's `res.set` did). */
const NEEDS_CHARSET = /^(text\/[^;]+|application\/(json|xml|javascript))$/i;

export function reactRouterAdapter({
  build,
  mode,
  services,
  trust,
  hashedPolicy,
}: AdapterOptions): AnswerRequest {
  const handle = createRequestHandler(acceptPublicOrigin(build, services.env.publicSiteUrl), mode);
  return async (req, res, nonce) => {
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const response = await handle(toRequest(req, trust, controller.signal), {
      // The same services, with the request's own logger (its lines carry the request id).
      services: { ...services, logger: requestLogger(req, services.logger) },
      cspNonce: nonce,
      hashedPolicy,
      // Undefined only once the socket is gone.
      clientIp: (proxyAddr(req, trust) as string | undefined) ?? "unknown",
      outcome: { serviceFailed: false },
    });
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (name === "set-cookie") return;
      const charset = name === "content-type" && NEEDS_CHARSET.test(value);
      headers.push([name, charset ? `${value}; charset=utf-8` : value]);
    });
    for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
    if (hashedPolicy && isSharedResponse(response.headers)) {
      // What a shared cache keeps is the same for everyone: never a nonce (a document brought
      // its hashes; data, feeds and search answers run no script at all).
      if (!response.headers.has("content-security-policy"))
        headers.push(["content-security-policy", hashedPolicy([])]);
      // The tag a change to the page's item purges it by, in a CDN as in our page cache.
      const tag = pageTagOfPath((req.url ?? "/").split("?")[0]!);
      if (tag)
        headers.push(["surrogate-key", tagHeaderValue(tag)], ["cache-tag", tagHeaderValue(tag)]);
    }
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
    return { status: response.status, headers, body };
  };
}

/** Writes an answer (on a response that may already carry the security headers). */
export function sendAnswer(res: ServerResponse, answer: Answer): void {
  if (res.destroyed) return;
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers) {
    // A shared page's hashed policy takes the place of the nonce policy put on every response.
    if (name === "content-security-policy") res.setHeader(name, value);
    else res.appendHeader(name, value);
  }
  // Compression, when it applies, replaces the length with its own framing.
  if (answer.body) res.setHeader("Content-Length", answer.body.length);
  res.end(answer.body ?? undefined);
}
