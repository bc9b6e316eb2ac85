import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Where test runs keep what they prepare for the next run (ignored by git with node_modules). */
const CACHE_DIR = path.join(projectRoot, "node_modules", ".cache", "perde-tests");

async function hashInto(hash: ReturnType<typeof createHash>, file: string): Promise<void> {
  const info = await stat(file).catch(() => undefined);
  if (!info) {
    hash.update(`missing ${file}\n`);
  } else if (info.isDirectory()) {
    for (const entry of (await readdir(file)).sort()) await hashInto(hash, path.join(file, entry));
  } else {
    hash.update(`${path.relative(projectRoot, file)}\n`);
    hash.update(await readFile(file));
  }
}

/**
 * A folder made once by `make` and kept for later runs while every input (file or folder,
 * relative to the project) is unchanged: the next `npm test` skips a first start or a migration
 * it would otherwise repeat. Runs at the same time agree: each makes its copy aside and the first
 * to finish puts it in place. Older copies of the same name are removed.
 */
export async function cachedFolder(
  name: string,
  inputs: readonly string[],
  make: (dir: string) => Promise<void>,
): Promise<string> {
  const hash = createHash("sha256");
  for (const input of inputs) await hashInto(hash, path.join(projectRoot, input));
  const key = `${name}-${hash.digest("hex").slice(0, 16)}`;
  const dir = path.join(CACHE_DIR, key);
  if (await stat(dir).catch(() => undefined)) return dir;

  await mkdir(CACHE_DIR, { recursive: true });
  const aside = `${dir}.${process.pid}.tmp`;
  await rm(aside, { recursive: true, force: true });
  await mkdir(aside);
  try {
    await make(aside);
    await rename(aside, dir);
  } catch (error) {
    await rm(aside, { recursive: true, force: true });
    // Another run finished first: its copy serves as well.
    if (!(await stat(dir).catch(() => undefined))) throw error;
  }
  for (const entry of await readdir(CACHE_DIR)) {
    if (entry.startsWith(`${name}-`) && entry !== key && !entry.endsWith(".tmp"))
      await rm(path.join(CACHE_DIR, entry), { recursive: true, force: true });
  }
  return dir;
}
