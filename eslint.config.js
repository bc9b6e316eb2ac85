import js from "@eslint/js";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const DOMAINS = ["catalogue", "accounts", "library", "awards", "seo", "shell"];

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
        },
      ],
      // One-way layers: ui ← domains ← routes.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app/ui",
              from: ["./app/routes", ...DOMAINS.map((domain) => `./app/${domain}`)],
              message: "app/ui is the bottom layer: it must not import domains or routes.",
            },
            ...DOMAINS.map((domain) => ({
              target: `./app/${domain}`,
              from: "./app/routes",
              message: "Domains must not import route modules.",
            })),
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
