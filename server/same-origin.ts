import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request protection for every form post: a state-changing request must come from
 * our own pages. Browsers send Origin (and Sec-Fetch-Site) with every POST; a request from
 * another site is refused. Session cookies are SameSite=Lax as a second line.
 */
export function sameOriginOnly(publicSiteUrl: string): RequestHandler {
  const allowed = new URL(publicSiteUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    const own = `${req.protocol}://${req.get("host")}`;
    const crossOrigin =
      origin !== undefined && origin !== "null"
        ? origin !== own && origin !== allowed
        : origin === "null";
    if (crossOrigin || site === "cross-site") {
      res
        .status(403)
        .type("text/plain; charset=utf-8")
        .send("Bu istek başka bir siteden geldiği için reddedildi.");
      return;
    }
    next();
  };
}
