// Entry point: `node server.js` serves the production build, `node server.js --dev` runs Vite.
// Everything else (configuration, database, routes) lives in server/app.ts.
const dev = process.argv.includes("--dev");

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("./server/app.ts");
  await start({ vite });
} else {
  const { start } = await import("./build/server/index.js");
  await start();
}
