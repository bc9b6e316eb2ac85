import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

export interface SecurityOptions {
  dev: boolean;
  /** Origins images may come from besides our own (the movie database's image host). */
  imageOrigins: string[];
  /** The public site is https: browsers are told to use nothing else (HSTS). */
  https?: boolean;
}

/** Puts the security headers with a fresh CSP nonce on a response and returns that nonce. */
export type ApplySecurityHeaders = (res: ServerResponse) => string;

export interface ContentSecurityPolicy {
  /** The policy of a personal response: inline scripts run with this request's nonce. */
  withNonce(nonce: string): string;
  /**
   * The policy of a response every visitor shares (a page a shared cache may keep, decision
   * 022): the page's own inline scripts by their SHA-256 hashes instead of a nonce, so the
   * stored bytes and header are the same for everyone. No hash: no script runs. Absent in
   * development, where Vite's own inline scripts need `'unsafe-inline'`.
   */
  withHashes?: (hashes: readonly string[]) => string;
}

/**
 * The Content-Security-Policy. Scripts run only with the request's nonce or, on a shared page,
 * with their hash; 'strict-dynamic' lets those scripts load our hashed modules (and makes a
 * browser ignore host lists). Never 'unsafe-inline' for scripts outside development.
 */
export function contentSecurityPolicy({
  dev,
  imageOrigins,
}: Pick<SecurityOptions, "dev" | "imageOrigins">): ContentSecurityPolicy {
  const before = "default-src 'self'; ";
  const after = [
    "",
    // Radix and sonner set inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${imageOrigins.join(" ")}`.trim(),
    "font-src 'self' data:",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com",
    // The service worker (public/sw.js, decision 036): a file of our own origin, never a blob.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  if (dev) {
    return {
      withNonce: (nonce) =>
        `${before}script-src 'self' 'nonce-${nonce}' 'unsafe-inline' 'unsafe-eval'${after}`,
    };
  }
  return {
    withNonce: (nonce) => `${before}script-src 'nonce-${nonce}' 'strict-dynamic'${after}`,
    withHashes: (hashes) =>
      hashes.length === 0
        ? `${before}script-src 'none'${after}`
        : `${before}script-src ${hashes.join(" ")} 'strict-dynamic'${after}`,
  };
}

/**
 * The security headers of every response, with a fresh CSP nonce each time (a shared page's
 * answer replaces the policy with its hashed one).
 */
export function securityHeaders({ https, ...options }: SecurityOptions): ApplySecurityHeaders {
  const policy = contentSecurityPolicy(options);
  return (res) => {
    // 16 bytes from the CSPRNG. Only rendered pages draw one: a stored page carries hashes.
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", policy.withNonce(nonce));
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
