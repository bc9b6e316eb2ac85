import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/*
 * Import circles among the project's own modules, type-only and dynamic imports included (import-x's
 * no-cycle skips type imports, so two files that only share a type could import each other).
 * Used by the `perde/no-import-cycle` rule of eslint.config.js, so `npm run lint` fails on a new
 * circle: move the shared type or helper down into a file both can import.
 */

const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];
const SOURCE = /\.(ts|tsx|mjs|js)$/;

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(full);
  }
  return files;
}

function resolveImport(root, from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package, or React Router's generated `./+types` (never ours)
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  return (
    candidates.find(
      (candidate) =>
        SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
    ) ?? null
  );
}

/** Each file's imports as last read, kept while the file is unchanged (an editor lints often). */
const parsed = new Map();

/** Every module of `dirs` (under `root`) and the project modules it imports. */
export function importGraph(root, dirs) {
  const graph = new Map();
  for (const dir of dirs) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    for (const file of sourceFiles(full)) {
      const { mtimeMs } = statSync(file);
      let known = parsed.get(file);
      if (known?.mtimeMs !== mtimeMs) {
        const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
        known = { mtimeMs, specifiers: importedFiles.map(({ fileName }) => fileName) };
        parsed.set(file, known);
      }
      const targets = new Set();
      for (const specifier of known.specifiers) {
        const target = resolveImport(root, file, specifier);
        if (target && target !== file) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** Whether `file` was read (as it is now on disk) by the last importGraph that reached it. */
export function readAsIs(file) {
  const known = parsed.get(file);
  if (!known) return false;
  try {
    return statSync(file).mtimeMs === known.mtimeMs;
  } catch {
    return false;
  }
}

/** The shortest way from `start` back to itself, as a list of files (start first), or null. */
function shortestCircle(graph, start) {
  const cameFrom = new Map();
  const queue = [start];
  for (let index = 0; index < queue.length; index++) {
    const file = queue[index];
    for (const next of graph.get(file) ?? []) {
      if (next === start) {
        const circle = [file];
        while (circle[0] !== start) circle.unshift(cameFrom.get(circle[0]));
        return circle;
      }
      if (!cameFrom.has(next) && graph.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * For each file that lies on an import circle, the shortest such circle (paths relative to
 * `root`, the file first). Empty when the imports flow one way.
 */
export function importCycles(root, dirs = ["app", "server"]) {
  const graph = importGraph(root, dirs);
  const circles = new Map();
  for (const file of graph.keys()) {
    const circle = shortestCircle(graph, file);
    if (circle)
      circles.set(
        path.relative(root, file),
        circle.map((member) => path.relative(root, member)),
      );
  }
  return circles;
}
