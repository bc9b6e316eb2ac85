import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../support/app-server";

/*
 * The layer rule of eslint.config.js, tried on imports that cross a layer the wrong way and on
 * ones that go the right way. The files are linted as if they lived at the given path.
 */

const eslint = new ESLint({ cwd: projectRoot });

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "import-x/no-restricted-paths")
    .map((message) => message.message);
}

describe("one-way layers", () => {
  it.each([
    [
      "app/core/example.ts",
      'import { titleHref as value } from "~/catalogue/display";',
      "app/core",
    ],
    ["app/ui/example.ts", 'import { NAV_LINKS as value } from "~/shell/nav-links";', "app/ui"],
    [
      "app/db/example.ts",
      'import { tolerant as value } from "~/catalogue/catalogue.server";',
      "app/db",
    ],
    [
      "app/catalogue/example.ts",
      'import { movieSeo as value } from "~/seo/detail-meta";',
      "app/catalogue",
    ],
    [
      "app/catalogue/example.ts",
      'import { requireUser as value } from "~/accounts/guards.server";',
      "app/catalogue",
    ],
    [
      "app/accounts/example.ts",
      'import { toCards as value } from "~/catalogue/cards";',
      "app/accounts",
    ],
    ["app/library/example.ts", 'import { NavBar as value } from "~/shell/nav-bar";', "app/library"],
    [
      "app/seo/example.ts",
      'import { itemExists as value } from "~/library/item-exists.server";',
      "app/seo",
    ],
    [
      "app/shell/example.ts",
      'import { UserMenu as value } from "~/accounts/components/user-menu";',
      "app/shell",
    ],
    ["app/library/example.ts", 'import { loader as value } from "~/routes/movie";', "app/library"],
    // Lists and history sit side by side: what both need lives below them (issue 35).
    [
      "app/lists/example.ts",
      'import { addDiaryEntry as value } from "~/history/diary.server";',
      "app/lists",
    ],
    [
      "app/catalogue/example.ts",
      'import type { AppServices as value } from "~/services.server";',
      "app/catalogue",
    ],
  ])("refuses in %s: %s", async (filePath, code, layer) => {
    const errors = await layerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${layer} may import only`);
  });

  it.each([
    ["app/catalogue/example.ts", 'import { paths as value } from "~/core/paths";'],
    ["app/library/example.ts", 'import { requireUser as value } from "~/accounts/guards.server";'],
    ["app/seo/example.ts", 'import { titleHref as value } from "~/catalogue/display";'],
    ["app/routes/example.ts", 'import { NavBar as value } from "~/shell/nav-bar";'],
  ])("allows in %s: %s", async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});
