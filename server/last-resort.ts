import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler } from "express";
import { isServiceFailure } from "~/core/failures.server";
import { redactSecrets } from "~/core/paths";
import type { Logger } from "~/core/logger.server";
import { requestLogger } from "./request-context";
import { STATUS_TEXTS, statusPageHtml } from "./status-page";

/**
 * What happens to an error nobody else handled: a malformed request (a bad URL or Host header)
 * is a 400, an outage a 503, anything else a 500; always a Turkish page, never a stack.
 */
export function answerFailure(
  logger: Logger,
  error: unknown,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const declared = (error as { status?: unknown }).status;
  let status = 500;
  if (typeof declared === "number" && declared >= 400 && declared < 500) status = declared;
  else if (error instanceof URIError || (error as { code?: unknown }).code === "ERR_INVALID_URL")
    status = 400;
  else if (isServiceFailure(error)) status = 503;
  const url = redactSecrets((req.url ?? "/").split("?")[0]!);
  const log = requestLogger(req, logger);
  if (status === 500) log.error({ err: error, url }, "request failed");
  else log.warn({ url, status, err: String(error) }, "request refused");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text =
    status === 503 || status === 500 ? STATUS_TEXTS.unavailable : STATUS_TEXTS.badRequest;
  res.statusCode = status;
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(statusPageHtml(text.title, text.message));
}

/** `answerFailure` as Express's last error handler. */
export function lastResort(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    answerFailure(logger, error, req, res);
  };
}
