import type { RequestHandler } from "express";
import { STATUS_TEXTS, statusPageHtml } from "./status-page";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every form of the site fits in a few kilobytes (a review is at most 1000 characters). */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * The one form that uploads a file: a history import (10 MB, checked again when it is read),
 * with room for the multipart framing. With JavaScript the form posts to the `.data` path.
 */
const UPLOAD_BYTES = 10 * 1024 * 1024 + MAX_FORM_BYTES;
const UPLOAD_PATHS: ReadonlyMap<string, number> = new Map([
  ["/hesap/ice-aktar", UPLOAD_BYTES],
  ["/hesap/ice-aktar.data", UPLOAD_BYTES],
]);

/**
 * Caps request bodies before anything reads them: the declared length is checked, so an
 * oversized body is refused without being read (Node never reads past Content-Length), and a
 * body without a declared length (chunked) is refused too: browsers always declare form sizes.
 */
export function bodyLimit(formBytes = MAX_FORM_BYTES): RequestHandler {
  return (req, res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const upload = UPLOAD_PATHS.get(req.path);
    const maxBytes = upload ?? formBytes;
    const length = req.headers["content-length"];
    if (length === undefined && req.headers["transfer-encoding"] === undefined) return next();
    const refusal =
      length === undefined
        ? { status: 411, text: STATUS_TEXTS.lengthRequired }
        : !/^\d{1,12}$/.test(length) || Number(length) > maxBytes
          ? { status: 413, text: upload ? STATUS_TEXTS.fileTooLarge : STATUS_TEXTS.tooLarge }
          : null;
    if (!refusal) return next();
    // The unread body is not drained: the connection closes after the answer.
    res
      .status(refusal.status)
      .set({ "Cache-Control": "no-store", Connection: "close" })
      .type("html")
      .send(statusPageHtml(refusal.text.title, refusal.text.message));
  };
}
