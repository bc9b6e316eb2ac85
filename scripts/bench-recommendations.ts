// `npm run bench:recommendations [-- --people 10000 --ratings 20 --reads 500]`: the
// recommendations job (decision 031) for that many people on the embedded catalogue, on in-memory
// PGlite. Every person rates `ratings` titles (a deterministic spread over the catalogue's films
// and series, about a third of them 8 or more, so people share liked titles and peers exist);
// the job then chooses for everyone, as the nightly run does, and its run time is printed; then
// the dashboard's read (`readRecommendations`, one query) is timed for `reads` people: p50/p95.
// Targets: read ≤ 50 ms p95; the run time is printed (issue #33.6).
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { ensureLocalCatalogue } from "../app/catalogue/local/load.server";
import { createLocalSource } from "../app/catalogue/local/local-source.server";
import { createLogger } from "../app/core/logger.server";
import { user } from "../app/db/auth-schema";
import { openDatabase, queryRows } from "../app/db/client.server";
import { reviews } from "../app/db/schema";
import { computeRecommendations, readRecommendations } from "../app/library/recommendations.server";

const { values } = parseArgs({
  options: {
    people: { type: "string", default: "10000" },
    ratings: { type: "string", default: "20" },
    reads: { type: "string", default: "500" },
  },
});
const PEOPLE = Number(values.people);
const RATINGS = Number(values.ratings);
const READS = Number(values.reads);

const logger = createLogger("silent");
const percentile = (times: number[], share: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!;
};

/** A small deterministic generator (mulberry32): the same people on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const database = await openDatabase({ memory: true });
await database.migrate();
await ensureLocalCatalogue(database.db, logger);
const catalogue = createLocalSource(database.db, logger);
const titles = await queryRows<{ media_type: "movie" | "tv"; id: number }>(
  database.db,
  sql`select media_type, id from catalogue_titles order by popularity desc, id`,
);

const seedStarted = performance.now();
const next = random(33);
for (let start = 0; start < PEOPLE; start += 500) {
  const ids = Array.from(
    { length: Math.min(500, PEOPLE - start) },
    (_, index) => `bench-${start + index}`,
  );
  await database.db
    .insert(user)
    .values(ids.map((id) => ({ id, name: id, email: `${id}@example.com` })));
  const rows = ids.flatMap((userId) => {
    const chosen = new Set<number>();
    // Popular titles are rated more often: the square skews the pick towards the top.
    while (chosen.size < Math.min(RATINGS, titles.length))
      chosen.add(Math.floor(next() ** 2 * titles.length));
    return [...chosen].map((index) => ({
      userId,
      itemType: titles[index]!.media_type,
      itemId: titles[index]!.id,
      rating: 1 + Math.floor(next() * 10),
    }));
  });
  for (let at = 0; at < rows.length; at += 2_000)
    await database.db.insert(reviews).values(rows.slice(at, at + 2_000));
}
console.log(
  `${PEOPLE.toLocaleString("en")} people, ${(PEOPLE * RATINGS).toLocaleString("en")} ratings over ${titles.length} titles, seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

const runStarted = performance.now();
const chosen = await computeRecommendations({ database, catalogue });
const runSeconds = (performance.now() - runStarted) / 1000;
console.log(
  `job run (everyone): ${chosen.toLocaleString("en")} people in ${runSeconds.toFixed(1)} s (${((runSeconds * 1000) / Math.max(chosen, 1)).toFixed(1)} ms a person)`,
);

const times: number[] = [];
let shown = 0;
for (let index = 0; index < READS; index++) {
  const userId = `bench-${Math.floor(next() * PEOPLE)}`;
  const started = performance.now();
  const { picks } = await readRecommendations(database.db, userId);
  times.push(performance.now() - started);
  shown += picks.length;
}
console.log(
  `dashboard read (one query), ${READS} people: p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms (target ≤ 50 ms); ${(shown / READS).toFixed(1)} picks shown on average`,
);
await database.close();
