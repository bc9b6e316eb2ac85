/*
 * What one log line may carry. A log line is read by operators and kept by log services: it must
 * never hold a person's rows or words, and one failure must not write megabytes. Every object
 * logged passes through `safeLogObject` (the logger's `formatters.log`):
 *
 * - An error keeps its type, a short message, the database's identifying fields (code,
 *   constraint, table, column) and its stack frames; the parts that quote data are dropped: a
 *   failed query's parameters (Drizzle puts them in the message), PostgreSQL's `detail`
 *   ("Key (…)=(…)"), `where` (the JSON or row being read), `hint`, `query`, `params`. Its
 *   `cause` is kept the same way, a few levels deep.
 * - Any text is cut at TEXT_LIMIT characters, lists at LIST_LIMIT items, objects at DEPTH_LIMIT
 *   levels; and a line whose fields still come to more than LINE_LIMIT characters keeps only its
 *   error and the names of its other fields.
 */

const TEXT_LIMIT = 1_000;
const MESSAGE_LIMIT = 300;
const LIST_LIMIT = 20;
const KEY_LIMIT = 40;
const DEPTH_LIMIT = 4;
const STACK_FRAMES = 12;
const CAUSE_DEPTH = 3;
export const LINE_LIMIT = 8_000;

/** Fields of a database error that name things (never data) and may be logged. */
const ERROR_FIELDS = ["code", "constraint", "table", "column", "severity", "routine"] as const;

const cut = (text: string, limit: number) =>
  text.length <= limit
    ? text
    : `${text.slice(0, limit)}… [${text.length - limit} karakter kesildi]`;

/**
 * An error's message without the data it may quote: Drizzle's "Failed query: …\nparams: …"
 * keeps the statement (cut) and loses its parameters.
 */
export function safeErrorMessage(message: string): string {
  const withoutParams = message.replace(/\n\s*params:[\s\S]*$/, "");
  return cut(withoutParams, MESSAGE_LIMIT);
}

interface SafeError {
  type: string;
  message: string;
  stack?: string;
  cause?: SafeError | string;
  [field: string]: unknown;
}

export function safeError(error: Error, depth = 0): SafeError {
  const type =
    error.constructor?.name && error.constructor.name !== "Object"
      ? error.constructor.name
      : error.name;
  const message = safeErrorMessage(String(error.message ?? ""));
  const safe: SafeError = { type, message };
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === "string" || typeof value === "number")
      safe[field] = typeof value === "string" ? cut(value, 100) : value;
  }
  if (typeof error.stack === "string") {
    const frames = error.stack
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, STACK_FRAMES)
      .map((line) => cut(line, 300));
    safe.stack = [`${type}: ${message}`, ...frames].join("\n");
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < CAUSE_DEPTH)
    safe.cause =
      cause instanceof Error ? safeError(cause, depth + 1) : safeErrorMessage(String(cause));
  return safe;
}

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

function safeValue(value: unknown, depth: number, key: string): unknown {
  if (typeof value === "string")
    // An error logged as text (`err: String(error)`) is still an error's message.
    return key === "err" || key === "error" ? safeErrorMessage(value) : cut(value, TEXT_LIMIT);
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Error) return safeError(value);
  if (depth >= DEPTH_LIMIT) return "[…]";
  if (Array.isArray(value)) {
    const kept = value.slice(0, LIST_LIMIT).map((item) => safeValue(item, depth + 1, ""));
    if (value.length > LIST_LIMIT) kept.push(`[${value.length - LIST_LIMIT} öğe daha]`);
    return kept;
  }
  // Requests, responses and other instances are the serializers' (and redaction's) business.
  if (!isPlainObject(value)) return value;
  const safe: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (const name of keys.slice(0, KEY_LIMIT))
    safe[name] = safeValue((value as Record<string, unknown>)[name], depth + 1, name);
  if (keys.length > KEY_LIMIT) safe["…"] = `${keys.length - KEY_LIMIT} alan daha`;
  return safe;
}

/** The logger's `formatters.log`: a copy of a line's fields that is safe to write. */
export function safeLogObject(object: Record<string, unknown>): Record<string, unknown> {
  const safe = safeValue(object, 0, "") as Record<string, unknown>;
  let size: number;
  try {
    size = JSON.stringify(safe)?.length ?? 0;
  } catch {
    size = Infinity;
  }
  if (size <= LINE_LIMIT) return safe;
  const error = safe.err ?? safe.error;
  return {
    ...(error === undefined ? {} : { err: error }),
    truncated: `Alanlar ${LINE_LIMIT} karakteri aşıyordu`,
    fields: Object.keys(safe).slice(0, KEY_LIMIT),
  };
}
