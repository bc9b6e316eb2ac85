import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { importCycles } from "../../scripts/import-cycles.mjs";
import { projectRoot } from "../support/app-server";

/*
 * No import circles (scripts/import-cycles.mjs, the `perde/no-import-cycle` rule of
 * eslint.config.js): type-only and dynamic imports count, which import-x's no-cycle skips.
 */

const fixture = mkdtempSync(path.join(tmpdir(), "perde-cycles-"));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function files(entries: Record<string, string>) {
  for (const [name, text] of Object.entries(entries)) {
    mkdirSync(path.dirname(path.join(fixture, name)), { recursive: true });
    writeFileSync(path.join(fixture, name), text);
  }
}

describe("import circles", () => {
  it("are none in this project", () => {
    expect([...importCycles(projectRoot, ["app", "server", "tests", "scripts"])]).toEqual([]);
  });

  it("are found through a type-only import and a lazy one, as the two this rule was made for", () => {
    files({
      "app/lists/button.tsx":
        'import type { Item } from "./picker";\nexport const Picker = () => import("./picker");\n',
      "app/lists/picker.tsx": 'import type { Item } from "./button";\nexport type { Item };\n',
      "server/adapter.ts": 'import { log } from "./context";\nexport type Trust = () => boolean;\n',
      "server/context.ts": 'import type { Trust } from "./adapter";\nexport const log = 1;\n',
      "app/core/alone.ts": 'import { paths } from "~/core/paths";\nexport const x = paths;\n',
      "app/core/paths.ts": "export const paths = {};\n",
    });
    expect(Object.fromEntries(importCycles(fixture, ["app", "server"]))).toEqual({
      "app/lists/button.tsx": ["app/lists/button.tsx", "app/lists/picker.tsx"],
      "app/lists/picker.tsx": ["app/lists/picker.tsx", "app/lists/button.tsx"],
      "server/adapter.ts": ["server/adapter.ts", "server/context.ts"],
      "server/context.ts": ["server/context.ts", "server/adapter.ts"],
    });
  });

  it("fail `npm run lint`: the rule is on for every source file", async () => {
    const eslint = new ESLint({ cwd: projectRoot });
    for (const file of [
      "app/lists/components/add-to-list-button.tsx",
      "server/request-context.ts",
    ]) {
      const config = await eslint.calculateConfigForFile(file);
      expect(config.rules["perde/no-import-cycle"], file).toEqual([2]);
    }
  });
});
