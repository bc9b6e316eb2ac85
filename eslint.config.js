import js from "@eslint/js";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
  history: ["core", "ui", "db", "catalogue", "accounts", "library"],
  lists: ["core", "ui", "db", "catalogue", "accounts", "library", "history"],
  profiles: ["core", "ui", "db", "catalogue", "accounts", "library", "history", "lists"],
  seo: ["core", "ui", "catalogue", "awards"],
  shell: ["core", "ui"],
};
const TOP = ["routes", "root.tsx", "entry.server.tsx", "services.server.ts", "routes.ts"];

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

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "drizzle/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX, "react-hooks": reactHooks },
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
      "import-x/no-cycle": "error",
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
    files: ["**/*.test.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
