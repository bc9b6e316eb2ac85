/*
 * Failures that are not the visitor's fault and not a bug of ours: the database or the movie
 * database did not answer. They are never a "not found", never a 500 and never cached: the
 * visitor sees a Turkish "try again" message with 503 (SPEC.md's error texts stay for real
 * outcomes; STYLE.md "Errors travel by throwing").
 */

export const TRY_AGAIN_ACTION =
  "İşleminiz şu anda tamamlanamadı. Lütfen biraz sonra yeniden deneyin.";

/** A service we depend on failed; what was asked may exist. */
export class ServiceUnavailableError extends Error {
  override name = "ServiceUnavailableError";
}

// PostgreSQL's connection and shutdown classes (08, 57P) and the node sockets' own codes.
const CONNECTION_CODES = /^(08|57P0|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND)/;
const CONNECTION_MESSAGES =
  /Connection terminated|terminating connection|connection (?:error|refused|ended)|the database system is (?:starting up|shutting down|in recovery mode)|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** Whether an error (or what caused it) means a service was unreachable. */
export function isServiceFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (current instanceof ServiceUnavailableError) return true;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && CONNECTION_CODES.test(code)) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
    // An AggregateError (a refused IPv4 and IPv6 connect) carries its parts.
    if (Array.isArray(errors) && errors.some((part) => isServiceFailure(part))) return true;
    current = cause;
  }
  return false;
}
