// `npm start` builds first when there is no production build or the sources are newer than it,
// so a fresh clone (or a pull) never serves stale code.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

// Everything a build reads: code, static files, migrations, dependencies and build settings.
const SOURCES = [
  "app",
  "server",
  "public",
  "drizzle",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(entry) {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

const built = Math.min(newestMtime("build/server/index.js") || 0, newestMtime("build/client") || 0);
const sources = Math.max(...SOURCES.map(newestMtime));
if (!built || sources > built) {
  console.log(
    built
      ? "Sources changed since the last build: rebuilding…"
      : "No production build yet: building once…",
  );
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
