import type { ErrorRequestHandler } from "express";
import { isServiceFailure } from "~/core/failures.server";
import type { Logger } from "~/core/logger.server";
import { STATUS_TEXTS, statusPageHtml } from "./status-page";

/**
 * What Express does with an error nobody else handled: a malformed request (a bad URL or Host
 * header) is a 400, an outage a 503, anything else a 500; always a Turkish page, never a stack.
 */
export function lastResort(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const declared = (error as { status?: unknown; statusCode?: unknown }).status;
    let status = 500;
    if (typeof declared === "number" && declared >= 400 && declared < 500) status = declared;
    else if (error instanceof URIError || (error as { code?: unknown }).code === "ERR_INVALID_URL")
      status = 400;
    else if (isServiceFailure(error)) status = 503;
    if (status === 500) logger.error({ err: error, url: req.path }, "request failed");
    else logger.warn({ url: req.path, status, err: String(error) }, "request refused");
    const text =
      status === 503 || status === 500 ? STATUS_TEXTS.unavailable : STATUS_TEXTS.badRequest;
    res
      .status(status)
      .set("Cache-Control", "no-store")
      .type("html")
      .send(statusPageHtml(text.title, text.message));
  };
}
