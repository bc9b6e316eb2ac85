import { PassThrough, pipeline, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "react-router";
import { isServiceFailure } from "./core/failures.server";

export const streamTimeout = 5_000;

/**
 * A page whose loader met a database or movie-database failure is a "try again" page: 503, and
 * no cache may keep it (handleError below notices the failure before rendering starts).
 */
function markFailure(status: number, headers: Headers, loadContext: AppLoadContext): number {
  if (status < 500) return status;
  headers.set("Cache-Control", "no-store");
  if (!loadContext.outcome?.serviceFailed) return status;
  headers.set("Retry-After", "5");
  return 503;
}

const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * The scripts React Router preloads in the head, at low priority (as React preloads its own
 * bootstrap modules): the server's HTML is already the whole page, and at high priority they
 * share a slow connection with the page's main image (its LCP) before anything needs them.
 * Only the head is rewritten; the rest of the stream passes through untouched.
 */
function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let head: string | null = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      const searchFrom = Math.max(0, head.length - "</head>".length);
      head += decoder.write(chunk);
      if (head.indexOf("</head>", searchFrom) < 0) return callback();
      const rewritten = head.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
      head = null;
      callback(null, rewritten);
    },
    flush(callback) {
      callback(null, head === null ? undefined : head + decoder.end());
    },
  });
}

export default function handleRequest(
  request: Request,
  initialStatus: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const status = markFailure(initialStatus, headers, loadContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status, headers });
  }
  // Crawlers and link previews get the whole document at once; people get it streamed.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let responseStatus = status;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          headers.set("Content-Type", "text/html; charset=utf-8");
          const html = pipeline(body, lowPriorityModulePreloads(), () => {});
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers,
              status: responseStatus,
            }),
          );
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatus = 500;
          // Errors before the shell reject and are logged by handleError.
          if (shellRendered) loadContext.services.logger.error({ err: error }, "render error");
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Client navigations and fetchers get the same treatment as documents. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  const headers = new Headers(response.headers);
  const status = markFailure(response.status, headers, context);
  if (
    status === response.status &&
    headers.get("Cache-Control") === response.headers.get("Cache-Control")
  )
    return response;
  return new Response(response.body, { status, statusText: response.statusText, headers });
};

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const loadContext = context as AppLoadContext | undefined;
  const logger = loadContext?.services?.logger;
  const url = new URL(request.url).pathname;
  if (isRouteErrorResponse(error) && error.status < 500) {
    // A request we refused (a POST to a page without a form, a path that does not exist).
    logger?.warn({ url, status: error.status }, "request refused");
    return;
  }
  if (isServiceFailure(error)) {
    // Not our bug: one line, no stack. The page becomes a 503 "try again".
    if (loadContext?.outcome) loadContext.outcome.serviceFailed = true;
    logger?.warn({ url, err: String(error) }, "service unavailable");
    return;
  }
  if (logger) logger.error({ err: error, url }, "unhandled request error");
  else console.error(error);
};
