import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listQuery } from "~/library/list-filters";
import { PAGE_QUERY_PARAMS } from "~/core/paths";
import { PENDING_PARAM, RETURN_PARAM } from "~/core/return-path";
import { projectRoot } from "../support/app-server";

/*
 * The page cache answers `/x?anything` with the copy of `/x` when `anything` is a parameter no
 * page reads (server/page-cache.ts). A page reading a parameter missing from PAGE_QUERY_PARAMS
 * would then be served another address's copy: every parameter the source reads must be listed.
 */

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the query parameters pages read", () => {
  it("are all keys of the page cache", () => {
    const read = new Set<string>();
    for (const file of sourceFiles(path.join(projectRoot, "app"))) {
      const text = readFileSync(file, "utf8");
      for (const found of text.matchAll(/searchParams\.(?:get|has|getAll)\(\s*"([^"]+)"/g))
        read.add(found[1]!);
      for (const found of text.matchAll(/searchParams\.(?:get|has|getAll)\(\s*([A-Z_]+)\s*\)/g))
        read.add(found[1]!);
    }
    // Parameters read through a schema of the whole query string.
    for (const name of Object.keys(listQuery.shape)) read.add(name);
    // A constant's name stands for its value: they are listed by value.
    read.delete("REVIEW_OFFER_PARAM");
    read.add("puanla");
    for (const [constant, value] of [
      ["RETURN_PARAM", RETURN_PARAM],
      ["PENDING_PARAM", PENDING_PARAM],
    ] as const)
      if (read.delete(constant)) read.add(value);
    // Read from the otpauth:// address of a new authenticator, not from a page's.
    read.delete("secret");
    expect(read.size).toBeGreaterThan(5);
    expect([...read].filter((name) => !PAGE_QUERY_PARAMS.has(name))).toEqual([]);
  });
});
