import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./app/db/schema.ts",
    "./app/db/auth-schema.ts",
    "./app/db/catalogue-schema.ts",
    "./app/db/tracking-schema.ts",
    "./app/db/history-schema.ts",
    "./app/db/import-schema.ts",
    "./app/db/lists-schema.ts",
    "./app/db/recommendations-schema.ts",
    "./app/db/social-schema.ts",
    "./app/db/push-schema.ts",
    "./app/db/notifications-schema.ts",
  ],
  out: "./drizzle",
});
