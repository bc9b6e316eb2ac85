/** PostgreSQL's SQLSTATE for a row a unique index refused. */
const UNIQUE_VIOLATION = "23505";

/**
 * Whether an error, or what caused it (Drizzle wraps the driver's error), is the unique index
 * `constraint` refusing a row. A driver that does not name the constraint counts as naming it.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current = error, depth = 0;
    current && typeof current === "object" && depth < 8;
    depth++
  ) {
    const found = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (found.code === UNIQUE_VIOLATION && (found.constraint ?? constraint) === constraint)
      return true;
    current = found.cause;
  }
  return false;
}
