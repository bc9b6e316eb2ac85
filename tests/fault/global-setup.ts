import { spawnSync } from "node:child_process";
import { projectRoot } from "../support/app-server";

/** The fault tests run the built server; build it unless told the build is fresh. */
export default function setup() {
  if (process.env.FAULT_TESTS !== "1" || process.env.E2E_SKIP_BUILD) return;
  const build = spawnSync("npm", ["run", "build"], { cwd: projectRoot, encoding: "utf8" });
  if (build.status !== 0)
    throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
}
