import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { createLogger } from "~/core/logger.server";
import { countPageCacheLookup, routeLabeller, startMetricsServer } from "./metrics";

const routes = {
  root: { id: "root", path: "", module: {} },
  "routes/home": { id: "routes/home", parentId: "root", index: true, module: {} },
  "routes/movie": { id: "routes/movie", parentId: "root", path: "film/:slug", module: {} },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*", module: {} },
} as unknown as ServerBuild["routes"];

describe("the route label of a request", () => {
  const label = routeLabeller(routes, (pathname) =>
    pathname.startsWith("/assets/") ? "assets" : undefined,
  );

  it("is the id of the route that answers it, whatever the path's parameters", () => {
    expect(label("/")).toBe("routes/home");
    expect(label("/film/baba-1972-238")).toBe("routes/movie");
    expect(label("/film/dovus-kulubu-1999-550")).toBe("routes/movie");
    expect(label("/film/baba-1972-238.data")).toBe("routes/movie");
    expect(label("/_.data")).toBe("routes/home");
    expect(label("/bu/yol/yok")).toBe("routes/not-found");
  });

  it("is the server's own name for the paths it answers itself", () => {
    expect(label("/assets/entry.client-abc.js")).toBe("assets");
  });
});

describe("the metrics listener", () => {
  it("serves the pool's connections and the page cache's look-ups, and nothing but /metrics", async () => {
    const database = {
      poolStats: () => ({ total: 4, idle: 1, waiting: 2 }),
    } as unknown as DatabaseHandle;
    const server = await startMetricsServer(
      { port: 0, host: "127.0.0.1" },
      database,
      createLogger("silent"),
    );
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      countPageCacheLookup("memory", "hit");
      const text = await (await fetch(`${base}/metrics`)).text();
      expect(text).toContain('perde_db_pool_connections{state="total"} 4');
      expect(text).toContain('perde_db_pool_connections{state="idle"} 1');
      expect(text).toContain('perde_db_pool_connections{state="waiting"} 2');
      expect(text).toContain('perde_page_cache_lookups_total{layer="memory",result="hit"} 1');
      expect(text).toMatch(/^process_resident_memory_bytes \d/m);
      // Counted between scrapes, the total goes on from one scrape to the next.
      countPageCacheLookup("memory", "hit");
      countPageCacheLookup("memory", "hit");
      const later = await (await fetch(`${base}/metrics`)).text();
      expect(later).toContain('perde_page_cache_lookups_total{layer="memory",result="hit"} 3');
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
