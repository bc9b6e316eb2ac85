import { Writable } from "node:stream";
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
import { redactSecrets } from "./core/paths";
import { isServiceFailure } from "./core/failures.server";
import { isSharedResponse } from "./core/http-cache";
import { replaceInBytes, type Replacement } from "./core/replace-in-bytes.server";
import { inlineScriptHashes } from "./core/script-hashes.server";
import { lazyRenderedPartsReady } from "./ui/lazy-rendered";
import {
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  wakeScript,
} from "./shell/hydrate-on-interaction";

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
const MODULE_SCRIPT = 'type="module" async=""';
const HEAD_END = "</head>";

/**
 * What the rendered HTML gets on its way out (the head, and on deferred pages the module script
 * near the end):
 * - React Router's module preloads go at low priority (as React preloads its own bootstrap
 *   modules): the server's HTML is already the whole page, and at high priority they share a
 *   slow connection with the page's main image (its LCP) before anything needs them.
 * - On an anonymous page without a toast (`deferred`), the preloads and the module script are
 *   sent inert, with the script that wakes them on the first interaction
 *   (`shell/hydrate-on-interaction.ts`, decision 014).
 */
function documentRewrite(deferred: boolean, nonce: string | undefined): Replacement[] {
  if (!deferred) {
    return [
      { find: MODULE_PRELOAD, replace: `${MODULE_PRELOAD} fetchpriority="low"`, until: HEAD_END },
    ];
  }
  return [
    { find: MODULE_PRELOAD, replace: `<link rel="${DEFERRED_PRELOAD_REL}"`, until: HEAD_END },
    {
      find: HEAD_END,
      replace: `<script${nonce ? ` nonce="${nonce}"` : ""}>${wakeScript}</script>${HEAD_END}`,
      max: 1,
    },
    { find: MODULE_SCRIPT, replace: `type="${DEFERRED_MODULE_TYPE}"`, max: 1 },
  ];
}

/** Anonymous visitors without a pending toast get the page inert until they interact. */
function hydratesOnInteraction(routerContext: EntryContext): boolean {
  const root = routerContext.staticHandlerContext.loaderData.root as
    { user?: unknown; toast?: unknown } | undefined;
  return Boolean(root) && !root?.user && !root?.toast;
}

export default async function handleRequest(
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
  // The whole document is rendered before it is sent, as one buffer: our pages suspend on
  // nothing but a lazy part's first download, so streaming would win no time, and passing React's
  // 2 KB chunks one by one through a web stream, Express and the socket cost about a tenth of a
  // cold render. Crawlers and link previews also wait for every lazy part (`onAllReady`).
  const userAgent = request.headers.get("user-agent");
  const waitForAll = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  // A page every visitor shares (a shared cache may keep it) carries no nonce: its policy lists
  // its inline scripts' hashes, so the stored bytes serve everyone as they are (decision 023).
  const hashedPolicy = isSharedResponse(headers) ? loadContext.hashedPolicy : undefined;
  const nonce = hashedPolicy ? undefined : loadContext.cspNonce;
  const deferred = hydratesOnInteraction(routerContext);
  // Parts loaded lazily in the browser are rendered whole here (app/ui/lazy-rendered.tsx): their
  // code was loaded at start-up, so this waits for nothing after the first request.
  await lazyRenderedPartsReady();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let responseStatus = status;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A finished Suspense boundary stays where it is in the HTML. React otherwise moves one of
        // more than 500 bytes to the end of the document, once 12,800 bytes have been written,
        // with a script that puts it back: without JavaScript its fallback would stay (a
        // lazyRendered part's forms, app/ui/lazy-rendered.tsx). The document is one buffer anyway.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeout);
              headers.set("Content-Type", "text/html; charset=utf-8");
              const html = replaceInBytes(Buffer.concat(chunks), documentRewrite(deferred, nonce));
              if (hashedPolicy)
                headers.set("Content-Security-Policy", hashedPolicy(inlineScriptHashes(html)));
              resolve(new Response(html, { headers, status: responseStatus }));
              callback();
            },
          });
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
  const url = redactSecrets(new URL(request.url).pathname);
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
