import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { newNonce } from "./nonce";

export interface SecurityOptions {
  dev: boolean;
  /** Origins images may come from besides our own (the movie database's image host). */
  imageOrigins: string[];
  /** The public site is https: browsers are told to use nothing else (HSTS). */
  https?: boolean;
}

/** Puts the security headers with a fresh CSP nonce on a response and returns that nonce. */
export type ApplySecurityHeaders = (res: ServerResponse) => string;

/**
 * The security headers of every response, with a fresh CSP nonce each time. Scripts run only
 * with that nonce ('strict-dynamic' lets them load our hashed modules).
 */
export function securityHeaders({
  dev,
  imageOrigins,
  https,
}: SecurityOptions): ApplySecurityHeaders {
  const scriptSrc = (nonce: string) =>
    dev
      ? `script-src 'self' 'nonce-${nonce}' 'unsafe-inline' 'unsafe-eval'`
      : `script-src 'nonce-${nonce}' 'strict-dynamic'`;
  const before = "default-src 'self'; ";
  const after = [
    "",
    // Radix and sonner set inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${imageOrigins.join(" ")}`.trim(),
    "font-src 'self' data:",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return (res) => {
    const nonce = newNonce();
    res.setHeader("Content-Security-Policy", before + scriptSrc(nonce) + after);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    return nonce;
  };
}

/** The same headers as Express middleware; the nonce goes to `res.locals.cspNonce`. */
export function securityHeadersMiddleware(apply: ApplySecurityHeaders): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = apply(res);
    next();
  };
}
