import pino from "pino";

/** One JSON logger for the server. Secrets are redacted wherever they could appear. */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        "headers.cookie",
        "headers.authorization",
        "*.password",
        "*.apiKey",
        "*.accessToken",
        "*.authSecret",
      ],
      censor: "[gizli]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
