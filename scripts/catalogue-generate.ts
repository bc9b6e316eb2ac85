// Writes a deterministic synthetic catalogue in the content format, for scale tests:
//   npm run catalogue:generate -- --movies 10000 --series 2000 --people 20000 [--out dir] [--seed 42]
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateCatalogue } from "./lib/synthetic-catalogue";

const { values } = parseArgs({
  options: {
    movies: { type: "string", default: "1000" },
    series: { type: "string", default: "200" },
    people: { type: "string", default: "2000" },
    seed: { type: "string", default: "42" },
    out: { type: "string", default: "data/synthetic-catalogue" },
  },
});
const sizes = {
  movies: Number(values.movies),
  series: Number(values.series),
  people: Number(values.people),
  seed: Number(values.seed),
};
for (const [name, value] of Object.entries(sizes)) {
  if (!Number.isInteger(value) || value < 0) {
    console.error(
      `--${name} must be a whole number (got "${values[name as keyof typeof values]}")`,
    );
    process.exit(2);
  }
}

function progress(done: number, total: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`);
  if (done === total) process.stderr.write("\n");
}

const content = generateCatalogue({ ...sizes, onProgress: progress });
const out = path.resolve(values.out);
for (const folder of ["movies", "series", "people"])
  await mkdir(path.join(out, folder), { recursive: true });
await writeFile(path.join(out, "genres.json"), JSON.stringify(content.genres, null, 2));
await writeFile(path.join(out, "movies", "synthetic.json"), JSON.stringify(content.movies));
await writeFile(path.join(out, "series", "synthetic.json"), JSON.stringify(content.series));
await writeFile(path.join(out, "people", "synthetic.json"), JSON.stringify(content.people));
console.log(
  `Wrote ${content.movies.length} films, ${content.series.length} series and ${content.people.length} people to ${out}`,
);
