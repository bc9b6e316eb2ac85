/*
 * `npm run bench:lists`: a public list of 1,000 titles (issue #25's figure) on the production
 * server and the embedded database. A person signs up, the server stops, the list and its items
 * (with their title facts, as "Listeye ekle…" keeps them) are written straight into its database
 * (tests/support/list-seed.ts), the server starts again, and the list's page is asked for:
 * - cold: by a signed-in reader (not the owner). A signed-in request is never answered from the
 *   page cache (server/page-cache.ts: any `perde.` cookie bypasses it), so every one of these is
 *   rendered: loader (two queries), React's render of the 1,000 cards, and the HTML on the wire;
 * - warm: anonymously, after a first request that stores the page: each answer must say
 *   `X-Cache: HIT`.
 * One request at a time (BENCH_REQUESTS after a warm-up): p50 and p95 of the time to the whole
 * answer on this machine's loopback, which is the server's time. Target: cold p95 ≤ 50 ms.
 * The owner's editing page (its first hundred items, with their forms) is measured too. A light
 * signed-in page (the reader's empty watchlist) is measured beside it: on a shared
 * machine its p95 shows how much of a figure is the machine's load.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { user } from "../app/db/auth-schema";
import { openDatabase } from "../app/db/client.server";
import { lists } from "../app/db/lists-schema";
import { paths } from "../app/core/paths";
import { projectRoot, startAppServer } from "../tests/support/app-server";
import { seedListItems } from "../tests/support/list-seed";
import { Visitor } from "../tests/support/raw-http";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ITEMS = 1_000;

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!;
};
const round = (value: number) => Math.round(value * 10) / 10;

async function timeRequests(url: string, cookie: string | null) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, {
      headers: cookie ? { cookie } : {},
      redirect: "manual",
    });
    const body = await response.arrayBuffer();
    return {
      status: response.status,
      cache: response.headers.get("X-Cache") ?? "-",
      bytes: body.byteLength,
      ms: performance.now() - started,
    };
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  const caches = new Set<string>();
  let last = { status: 0, bytes: 0 };
  for (let i = 0; i < REQUESTS; i++) {
    const answer = await once();
    last = answer;
    caches.add(answer.cache);
    times.push(answer.ms);
  }
  return {
    status: last.status,
    "X-Cache": [...caches].join(", "),
    kB: Math.round(last.bytes / 1024),
    "p50 ms": round(percentile(times, 0.5)),
    "p95 ms": round(percentile(times, 0.95)),
  };
}

async function main() {
  const build = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], {
    cwd: projectRoot,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the build failed");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "perde-bench-lists-"));
  const env = { NODE_ENV: "production", CATALOGUE: "local", DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  try {
    let server = await startAppServer(env, { timeoutMs: 300_000 });
    const stamp = Date.now();
    const owner = new Visitor(server.url);
    await owner.signIn(`liste-sahibi-${stamp}@example.com`, "gizli123", "Liste Sahibi");
    const reader = new Visitor(server.url);
    await reader.signIn(`liste-okuru-${stamp}@example.com`, "gizli123", "Liste Okuru");
    // PGlite is one process's: the server stops while the list is written.
    await server.stop();

    const handle = await openDatabase({ dataDir });
    let listPath: string;
    let listId: number;
    try {
      const [row] = await handle.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, `liste-sahibi-${stamp}@example.com`));
      const [list] = await handle.db
        .insert(lists)
        .values({
          ownerId: row!.id,
          name: "Bin yapımlık ölçüm listesi",
          description: "Sayfanın hızını ölçmek için hazırlanmış, bin film ve diziden oluşan liste.",
          visibility: "public",
        })
        .returning({ id: lists.id, name: lists.name });
      const started = performance.now();
      const items = await seedListItems(handle.db, list!.id, ITEMS);
      await handle.db.execute(sql`analyze`);
      console.log(
        `Seeded a public list of ${items.length} titles in ${Math.round(performance.now() - started)} ms`,
      );
      listPath = paths.list(list!);
      listId = list!.id;
    } finally {
      await handle.close();
    }

    server = await startAppServer(env, { timeoutMs: 300_000 });
    try {
      const url = (pagePath: string) => `${server.url}${pagePath}`;
      const rows = [
        {
          page: `liste (${ITEMS} yapım), soğuk: oturum açık okur`,
          ...(await timeRequests(url(listPath), reader.cookieHeader)),
        },
        {
          // The same loader without the HTML: what the page's own render costs is the difference.
          page: `liste, yalnız veri (.data): oturum açık okur`,
          ...(await timeRequests(url(`${listPath}.data`), reader.cookieHeader)),
        },
        {
          page: `liste (${ITEMS} yapım), anonim: sayfa önbelleği`,
          ...(await timeRequests(url(listPath), null)),
        },
        {
          page: `düzenleme sayfası (${ITEMS} yapım, sayfa 1): sahibi`,
          ...(await timeRequests(url(paths.listEdit(listId)), owner.cookieHeader)),
        },
        {
          page: "referans: boş izleme listesi (oturum açık)",
          ...(await timeRequests(url(paths.watchlist), reader.cookieHeader)),
        },
      ];
      console.log(`\nList page ${listPath} on the embedded database (PGlite):`);
      console.table(rows);
      const cold = rows[0]!;
      console.log(
        `Cold p95 ${cold["p95 ms"]} ms: ${cold["p95 ms"] <= 50 ? "within" : "OVER"} the 50 ms target; anonymous answers: X-Cache ${rows[2]!["X-Cache"]}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
