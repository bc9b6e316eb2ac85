import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/*
 * The documentation's own check (`npm run lint` runs it): every relative link and #anchor in
 * README.md and docs/**\/*.md leads somewhere, external links are well-formed URLs (nothing is
 * fetched), and the README stays short enough to read in ten minutes.
 */

export const README_MAX_LINES = 300;

/** The Markdown files checked: README.md and everything under docs/. */
export function documentationFiles(root) {
  const files = [path.join(root, "README.md")];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".md")) files.push(full);
    }
  };
  if (existsSync(path.join(root, "docs"))) walk(path.join(root, "docs"));
  return files;
}

/** The text outside fenced code blocks and inline code, line for line (so line numbers hold). */
function prose(text) {
  let fence = null;
  return text.split("\n").map((line) => {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = null;
      return "";
    }
    if (opening) {
      fence = opening[1];
      return "";
    }
    return line.replace(/(`+)[\s\S]*?\1/g, "");
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading) {
  return heading
    .replace(/`/g, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors a Markdown file offers: its headings' (numbered when repeated) and HTML ids. */
export function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  let fence = null;
  for (const line of text.split("\n")) {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = null;
      continue;
    }
    if (opening) {
      fence = opening[1];
      continue;
    }
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = headingAnchor(heading[1]);
      const times = seen.get(base) ?? 0;
      seen.set(base, times + 1);
      anchors.add(times === 0 ? base : `${base}-${times}`);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  }
  return anchors;
}

/** Every link target of a Markdown text with its line: inline links, images, references, autolinks. */
export function linksOf(text) {
  const links = [];
  prose(text).forEach((line, index) => {
    const at = index + 1;
    for (const match of line.matchAll(
      /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g,
    ))
      links.push({ target: match[1], line: at });
    const reference = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (reference) links.push({ target: reference[1], line: at });
    for (const match of line.matchAll(/<((?:https?|mailto):[^>\s]+)>/g))
      links.push({ target: match[1], line: at });
  });
  return links;
}

function externalProblem(target) {
  try {
    const url = new URL(target);
    if (!["http:", "https:", "mailto:"].includes(url.protocol)) return "an unexpected scheme";
    if (url.protocol !== "mailto:" && !url.hostname.includes(".") && url.hostname !== "localhost")
      return "no host";
    return null;
  } catch {
    return "not a URL";
  }
}

/** What is wrong with the documentation under `root`: one line per dead link, and the README's length. */
export function checkDocs(root) {
  const problems = [];
  const anchorCache = new Map();
  const anchorsIn = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, "utf8")));
    return anchorCache.get(file);
  };
  for (const file of documentationFiles(root)) {
    const text = readFileSync(file, "utf8");
    const where = (line) => `${path.relative(root, file)}:${line}`;
    for (const { target, line } of linksOf(text)) {
      if (target === "") {
        problems.push(`${where(line)}: an empty link`);
        continue;
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
        const problem = externalProblem(target);
        if (problem) problems.push(`${where(line)}: ${target} is ${problem}`);
        continue;
      }
      if (target.startsWith("//")) {
        problems.push(`${where(line)}: ${target} has no scheme`);
        continue;
      }
      const hash = target.indexOf("#");
      const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
      const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
      const destination = pathPart
        ? path.resolve(path.dirname(file), pathPart.split("?")[0])
        : file;
      if (!existsSync(destination)) {
        problems.push(
          `${where(line)}: ${target} leads nowhere (${path.relative(root, destination)} does not exist)`,
        );
        continue;
      }
      if (anchor === null) continue;
      if (!statSync(destination).isFile() || !destination.endsWith(".md")) {
        problems.push(
          `${where(line)}: ${target} has an anchor into something that is not Markdown`,
        );
        continue;
      }
      if (!anchorsIn(destination).has(anchor))
        problems.push(
          `${where(line)}: ${target}: no heading "#${anchor}" in ${path.relative(root, destination)}`,
        );
    }
  }
  const readme = path.join(root, "README.md");
  if (existsSync(readme)) {
    const lines = readFileSync(readme, "utf8").replace(/\n$/, "").split("\n").length;
    if (lines > README_MAX_LINES)
      problems.push(
        `README.md: ${lines} lines, more than ${README_MAX_LINES}: move the detail into docs/`,
      );
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const problems = checkDocs(root);
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`\n${problems.length} problem(s) in the documentation.`);
    process.exit(1);
  }
  console.log(
    `Documentation: ${documentationFiles(root).length} files, every link leads somewhere.`,
  );
}
