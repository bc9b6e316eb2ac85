import type { RequestHandler } from "express";
import type { Logger } from "~/core/logger.server";
import { requestUrl } from "./react-router-adapter";
import type { TrustProxy } from "./trust-proxy";
import { redactSecrets } from "~/core/paths";
import { requestLogger } from "./request-context";
import { statusPageHtml } from "./status-page";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const REFUSED = {
  title: "İstek reddedildi",
  message: "Bu istek başka bir siteden geldiği için reddedildi.",
};

/**
 * Cross-site request protection for every form post: a state-changing request must come from
 * our own pages. Browsers send Origin (and Sec-Fetch-Site) with every POST; a request from
 * another site is refused. Session cookies are SameSite=Lax as a second line.
 *
 * Our own origin is PUBLIC_SITE_URL's, or the request's own as the adapter reads it (the Host
 * header, or X-Forwarded-Host and -Proto from a proxy TRUST_PROXY names): behind a proxy that
 * passes the upstream's name as Host, PUBLIC_SITE_URL is what the browser's Origin says.
 */
export function sameOriginOnly(
  publicSiteUrl: string,
  trust: TrustProxy,
  logger: Logger,
): RequestHandler {
  const allowed = new URL(publicSiteUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    const crossOrigin =
      origin !== undefined && origin !== "null"
        ? origin !== allowed && origin !== ownOrigin(req, trust)
        : origin === "null";
    if (crossOrigin || site === "cross-site") {
      // A client's doing, not our failure: one warning line, no stack.
      requestLogger(req, logger).warn(
        { method: req.method, url: redactSecrets(req.path), origin, secFetchSite: site },
        "cross-site request refused",
      );
      res
        .status(403)
        .set("Cache-Control", "no-store")
        .type("text/html; charset=utf-8")
        .send(statusPageHtml(REFUSED.title, REFUSED.message));
      return;
    }
    next();
  };
}

function ownOrigin(req: Parameters<RequestHandler>[0], trust: TrustProxy): string | undefined {
  try {
    return new URL(requestUrl(req, trust)).origin;
  } catch {
    // A Host no URL can hold: nothing of ours.
    return undefined;
  }
}
