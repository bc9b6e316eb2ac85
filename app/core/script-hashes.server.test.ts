import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./script-hashes.server";

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes the text of every inline script, whatever its type, once each, in order", () => {
    const context = 'window.__ctx = {"başlık":"Dövüş Kulübü \\u003c/script>"};';
    const html = Buffer.from(
      `<!DOCTYPE html><html><head><script>${context}</script>` +
        `<link rel="modulepreload" href="/assets/a.js"/></head><body><p>Ağaç</p>` +
        `<script type="perde/deferred" async="">import "/assets/a.js";</script>` +
        `<script>${context}</script><script type="module">import "/assets/b.js";</script>` +
        `</body></html>`,
    );
    expect(inlineScriptHashes(html)).toEqual([
      sha256(context),
      sha256('import "/assets/a.js";'),
      sha256('import "/assets/b.js";'),
    ]);
  });

  it("skips scripts loaded from a src and tags that only start like a script", () => {
    const html = Buffer.from(
      `<scripts>not one</scripts><script src="/x.js"></script><script async="" src="/y.js"></script><script>ok()</script>`,
    );
    expect(inlineScriptHashes(html)).toEqual([sha256("ok()")]);
  });

  it("gives nothing for a document without scripts, or an unclosed one", () => {
    expect(inlineScriptHashes(Buffer.from("<p>yok</p>"))).toEqual([]);
    expect(inlineScriptHashes(Buffer.from("<p>yok</p><script>alert(1)"))).toEqual([]);
  });
});
