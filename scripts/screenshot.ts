// Screenshots of pages at phone and desktop widths, for looking at what we built:
//   npx tsx scripts/screenshot.ts http://localhost:3000 / /filmler … [--out dir] [--cookie name=value]
// (--cookie: a session cookie, to see signed-in pages such as /hesap)
import { mkdirSync } from "node:fs";
import path from "node:path";
import { launchChromium } from "../tests/e2e/chromium";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const outDir = outIndex >= 0 ? args.splice(outIndex, 2)[1]! : "screenshots";
const cookieIndex = args.indexOf("--cookie");
const cookie = cookieIndex >= 0 ? args.splice(cookieIndex, 2)[1]! : null;
const [base, ...paths] = args;
if (!base || paths.length === 0) {
  console.error("usage: tsx scripts/screenshot.ts BASE_URL PATH… [--out DIR]");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

const browser = await launchChromium();
const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
for (const [label, viewport] of Object.entries(widths)) {
  const context = await browser.newContext({ viewport, locale: "tr-TR", colorScheme: "dark" });
  if (cookie && base) {
    const [name, ...value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: base }]);
  }
  const page = await context.newPage();
  for (const pagePath of paths) {
    await page.goto(new URL(pagePath, base).toString(), { waitUntil: "networkidle" });
    const name = pagePath.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
    const file = path.join(outDir, `${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
