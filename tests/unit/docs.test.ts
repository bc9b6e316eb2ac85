import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { anchorsOf, checkDocs, README_MAX_LINES } from "../../scripts/check-docs.mjs";
import { projectRoot } from "../support/app-server";

/*
 * The documentation's check (scripts/check-docs.mjs, run by `npm run lint`): on this project's
 * README and docs/, and on small made-up trees with the faults it must find.
 */

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "perde-docs-"));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe("the documentation of this project", () => {
  it("has no dead link or anchor, and a README a newcomer reads in ten minutes", () => {
    expect(checkDocs(projectRoot)).toEqual([]);
  });
});

describe("the check", () => {
  it("accepts links to files, folders and headings, and well-formed external links", () => {
    const root = tree({
      "README.md": [
        "# Perde",
        "See [operations](docs/operations.md#behind-a-cdn), [decisions](docs/decisions/),",
        "[the map](#a-map-of-the-code), [Türkçe](docs/operations.md#yaş-sınırı-ve-aile-dostu)",
        "and [the movie database](https://www.themoviedb.org/documentation/api).",
        "## A map of the code",
      ].join("\n"),
      "docs/operations.md": "# Operations\n## Behind a CDN\n## Yaş sınırı ve Aile Dostu\n",
      "docs/decisions/001-x.md": "# One\n[back](../../README.md#perde)\n",
    });
    expect(checkDocs(root)).toEqual([]);
  });

  it("finds a missing file, a missing heading and a malformed external link", () => {
    const root = tree({
      "README.md": "# Perde\n[gone](docs/gone.md)\n",
      "docs/features.md": "# Features\n[cdn](operations.md#behind-a-cdm)\n[x](https://)\n",
      "docs/operations.md": "# Operations\n## Behind a CDN\n",
    });
    expect(checkDocs(root)).toEqual([
      "README.md:2: docs/gone.md leads nowhere (docs/gone.md does not exist)",
      'docs/features.md:2: operations.md#behind-a-cdm: no heading "#behind-a-cdm" in docs/operations.md',
      "docs/features.md:3: https:// is not a URL",
    ]);
  });

  it("ignores links inside code, and refuses a README longer than its limit", () => {
    const long = Array.from({ length: README_MAX_LINES + 1 }, (_, index) => `line ${index}`);
    const root = tree({
      "README.md": [
        "# Perde",
        "```md",
        "[in code](nowhere.md)",
        "```",
        "`[inline](nowhere.md)`",
        ...long,
      ].join("\n"),
    });
    expect(checkDocs(root)).toEqual([
      `README.md: ${README_MAX_LINES + 6} lines, more than ${README_MAX_LINES}: move the detail into docs/`,
    ]);
  });

  it("numbers repeated headings as GitHub does", () => {
    expect([...anchorsOf("# Figures\n## Figures\n## `bench:http` (2026)\n")]).toEqual([
      "figures",
      "figures-1",
      "benchhttp-2026",
    ]);
  });
});
