// Entry point: `node server.js` serves the production build, `node server.js --dev` runs Vite.
// Everything else (configuration, database, routes) lives in server/app.ts.
const dev = process.argv.includes("--dev");
// React, React Router and Express choose their build from NODE_ENV when they are first imported:
// without this line `npm start` would serve React's development build (dev checks ~25% of CPU).
// A production start is always production, whatever the shell exported.
process.env.NODE_ENV = dev ? "development" : "production";

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("./server/app.ts");
  await start({ vite });
} else {
  const { start } = await import("./build/server/index.js");
  await start();
}
