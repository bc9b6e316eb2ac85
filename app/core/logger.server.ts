import pino from "pino";
import { safeError, safeErrorMessage, safeLogObject } from "./log-safety.server";

/**
 * One JSON logger for the server. Secrets are redacted wherever they could appear, and what a
 * line may carry is capped (log-safety.server.ts): no data an error quotes, no megabyte lines.
 * `destination` is for tests that read what was written.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
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
      formatters: { log: safeLogObject },
      // Errors are already made safe by `formatters.log`; pino's own serializer would redo it.
      serializers: { err: (value: unknown) => (value instanceof Error ? safeError(value) : value) },
      hooks: {
        // The message itself: an error's text is sometimes logged as the message.
        logMethod(args, method) {
          const safe = args.map((arg) =>
            typeof arg === "string" ? safeErrorMessage(arg) : arg,
          ) as typeof args;
          method.apply(this, safe);
        },
      },
    },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
