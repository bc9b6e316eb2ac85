import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { LINE_LIMIT } from "./log-safety.server";
import { createLogger } from "./logger.server";

/*
 * Issue #32.2: a failed insert of an upload's rows wrote a 285 KB error line holding every row.
 * What a log line may carry is capped in the logger, whatever the code logging it passes.
 */

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

const PERSONAL = "Ayşe'nin çok kişisel yorumu: Metropolis'i annemle izledim";

/** The error a failed multi-row insert gives: Drizzle's, wrapping PostgreSQL's. */
function failedInsert(rows: number) {
  const cause = Object.assign(
    new Error(
      'duplicate key value violates unique constraint "import_rows_import_file_line_unique"',
    ),
    {
      code: "23505",
      constraint: "import_rows_import_file_line_unique",
      table: "import_rows",
      detail: `Key (import_id, file, line)=(7, diary.csv, 2) already exists. ${PERSONAL}`,
      where: `JSON data, line 1: {"title":"${PERSONAL}"`,
    },
  );
  const values = Array.from(
    { length: rows },
    (_, index) => `($${index * 2 + 1}, $${index * 2 + 2})`,
  );
  const params = Array.from({ length: rows }, (_, index) => [
    7,
    JSON.stringify({ title: `Film ${index}`, review: PERSONAL }),
  ]).flat();
  return new DrizzleQueryError(
    `insert into "import_rows" ("import_id", "fields") values ${values.join(", ")}`,
    params,
    cause,
  );
}

describe("what a log line may carry", () => {
  it("keeps an error's type, code and constraint, and none of the rows it was writing", async () => {
    const { logger, lines } = capture();
    logger.error({ err: failedInsert(5_000), url: "/hesap/ice-aktar" }, "unhandled request error");
    logger.warn({ err: String(failedInsert(5_000)) }, "as text");
    logger.error(String(failedInsert(5_000)));
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line.length).toBeLessThan(LINE_LIMIT);
      expect(line).not.toContain("Ayşe");
      expect(line).not.toContain("Film 1");
      expect(line).not.toContain("Key (");
    }
    const logged = JSON.parse(lines[0]!) as {
      err: { type: string; stack: string; cause: Record<string, unknown> };
      url: string;
    };
    expect(logged.url).toBe("/hesap/ice-aktar");
    expect(logged.err.type).toBe("DrizzleQueryError");
    expect(logged.err.stack).toMatch(/\n\s+at /);
    expect(logged.err.cause).toMatchObject({
      code: "23505",
      constraint: "import_rows_import_file_line_unique",
      table: "import_rows",
    });
  });

  it("cuts long text, long lists and deep objects, and keeps secrets redacted", async () => {
    const { logger, lines } = capture();
    logger.warn(
      {
        text: "x".repeat(100_000),
        list: Array.from({ length: 10_000 }, (_, index) => index),
        deep: { a: { b: { c: { d: { e: PERSONAL } } } } },
        headers: { cookie: "perde.session=secret" },
      },
      "y".repeat(100_000),
    );
    logger.warn(
      Object.fromEntries(Array.from({ length: 39 }, (_, index) => [`f${index}`, "z".repeat(999)])),
      "many fields",
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.length).toBeLessThan(LINE_LIMIT + 2_000);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect((first.list as unknown[]).length).toBeLessThanOrEqual(21);
    expect(lines[0]).not.toContain(PERSONAL);
    expect(lines[0]).not.toContain("secret");
    expect(JSON.parse(lines[1]!)).toMatchObject({ fields: expect.arrayContaining(["f0"]) });
  });
});
