import path from "node:path";
import js from "@eslint/js";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { importCycles, readAsIs } from "./scripts/import-cycles.mjs";

/*
 * The layers of app/, bottom to top (README "Architecture", decision 005). Each folder may import
 * only the folders listed for it; routes and the root files (root.tsx, entry.server.tsx,
 * services.server.ts, routes.ts) sit on top and compose everything.
 */
const LAYERS = {
  core: [],
  ui: ["core"],
  db: ["core"],
  catalogue: ["core", "ui", "db"],
  awards: ["core", "ui", "db", "catalogue"],
  accounts: ["core", "ui", "db"],
  library: ["core", "ui", "db", "catalogue", "accounts"],
  tracking: ["core", "ui", "db", "catalogue", "accounts", "library"],
  history: ["core", "ui", "db", "catalogue", "accounts", "library", "tracking"],
  lists: ["core", "ui", "db", "catalogue", "accounts", "library"],
  profiles: ["core", "ui", "db", "catalogue", "accounts", "library", "lists"],
  social: ["core", "ui", "db", "catalogue", "accounts", "library", "lists", "profiles"],
  notifications: ["core", "ui", "db", "catalogue", "accounts", "library", "tracking", "lists"],
  seo: ["core", "ui", "catalogue", "awards"],
  shell: ["core", "ui"],
};
const TOP = [
  "routes",
  "root.tsx",
  "entry.server.tsx",
  "services.server.ts",
  "sign-in-next.server.ts",
  "routes.ts",
];

function layerZones() {
  return Object.entries(LAYERS).map(([layer, allowed]) => ({
    target: `./app/${layer}`,
    from: [
      ...Object.keys(LAYERS).filter((other) => other !== layer && !allowed.includes(other)),
      ...TOP,
    ].map((name) => `./app/${name}`),
    message: `app/${layer} may import only ${allowed.length ? allowed.map((name) => `app/${name}`).join(", ") : "itself"} (layers in eslint.config.js).`,
  }));
}

/*
 * No import circles among our modules, type-only and dynamic imports included (import-x's
 * no-cycle skips type imports). The graph is read once per lint run, and read again only when
 * the file being linted changed on disk since (an editor's long-running ESLint); each file on a
 * circle gets one error naming it.
 */
const CYCLE_DIRS = ["app", "server", "tests", "scripts"];
let cycles = null;
const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import circles, type-only and dynamic imports included." },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const relative = path.relative(context.cwd, file);
    const ours = CYCLE_DIRS.some((dir) => relative.startsWith(`${dir}${path.sep}`));
    if (!ours) return {};
    if (!cycles || !readAsIs(file)) cycles = importCycles(context.cwd, CYCLE_DIRS);
    const circle = cycles.get(relative);
    if (!circle) return {};
    return {
      Program(node) {
        context.report({
          node,
          message: `Import circle: ${[...circle, circle[0]].join(" → ")}. Move what they share down into a file both can import.`,
        });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "drizzle/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: {
      "import-x": importX,
      "react-hooks": reactHooks,
      perde: { rules: { "no-import-cycle": noImportCycle } },
    },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { process: "readonly", console: "readonly", URL: "readonly" },
    },
    settings: {
      "import-x/resolver": { typescript: true, node: true },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "perde/no-import-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)index(\\.tsx?)?$",
              message: "Import the named file, not a barrel index.",
            },
          ],
          paths: [
            {
              name: "react-router",
              importNames: ["Link"],
              message:
                "Use Link from ~/ui/link: the same link, written as a plain anchor on the server.",
            },
          ],
        },
      ],
      // One-way layers, bottom to top.
      "import-x/no-restricted-paths": ["error", { zones: layerZones() }],
    },
  },
  {
    // The places that wrap React Router's Link and Lucide (the barrel rule above still applies).
    files: ["app/ui/link.tsx", "app/ui/link.test.tsx", "app/ui/icons.tsx", "app/ui/icons.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)index(\\.tsx?)?$",
              message: "Import the named file, not a barrel index.",
            },
          ],
        },
      ],
    },
  },
  {
    // The service worker (decision 036) is a plain script the browser runs as it is.
    files: ["public/sw.js"],
    languageOptions: {
      sourceType: "script",
      globals: { self: "readonly", caches: "readonly", fetch: "readonly", Request: "readonly" },
    },
  },
  {
    files: ["**/*.test.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
