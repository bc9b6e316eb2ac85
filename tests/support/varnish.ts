import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-server";
import { startListeningProcess } from "./listening-process";

/*
 * A shared cache in front of the site, as an operator would run one (docs: operations, CDN):
 * Debian's Varnish with the xkey module of varnish-modules. It keeps what the site marks as
 * shared (`public, s-maxage`, no Set-Cookie: Varnish's own rules), passes every request that
 * carries a session or toast cookie (`perde.…`, `__Secure-perde.…`, `perde_toast`) and drops
 * other cookies, files each page under its `Surrogate-Key` tags, and purges by tag on the
 * site's purge call (CDN_PURGE_URL = `purgeUrl`, from loopback only). Answers say what Varnish
 * did in `X-Varnish-Cache`: HIT, MISS or PASS. A foreground child process with a work folder
 * of its own.
 */

export interface SharedCache {
  url: string;
  /** What the site's CDN_PURGE_URL is set to. */
  purgeUrl: string;
  output(): string;
  stop(): Promise<void>;
}

const PURGE_PATH = "/.perde/purge";

function vcl(backendPort: number): string {
  return `vcl 4.1;
import xkey;

backend site {
  .host = "127.0.0.1";
  .port = "${backendPort}";
}

acl purgers {
  "127.0.0.1";
}

sub vcl_recv {
  if (req.method == "POST" && req.url == "${PURGE_PATH}") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    set req.http.X-Purged = xkey.purge(req.http.Surrogate-Key);
    return (synth(200, "Purged " + req.http.X-Purged));
  }
  # A session or a pending toast: the visitor's own page, never looked up nor stored.
  if (req.http.Cookie ~ "(^|;)\\s*(__(Secure|Host)-)?(perde\\.|perde_toast=)") {
    set req.http.X-Varnish-Pass = "1";
    return (pass);
  }
  # Any other cookie changes nothing on a page.
  unset req.http.Cookie;
}

sub vcl_backend_response {
  # xkey files an object under the keys of this header.
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
}

sub vcl_deliver {
  if (req.http.X-Varnish-Pass) {
    set resp.http.X-Varnish-Cache = "PASS";
  } elsif (obj.hits > 0) {
    set resp.http.X-Varnish-Cache = "HIT";
  } else {
    set resp.http.X-Varnish-Cache = "MISS";
  }
  unset resp.http.xkey;
}
`;
}

/** Starts Varnish in front of `127.0.0.1:backendPort` and waits until it listens. */
export async function startVarnish(backendPort: number): Promise<SharedCache> {
  const dir = mkdtempSync(path.join(tmpdir(), "perde-varnish-"));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const config = path.join(dir, "site.vcl");
  writeFileSync(config, vcl(backendPort));
  // -j none: no jail (a test runs as root; the work folder is its own), -F: foreground.
  const varnishd = await startListeningProcess(
    "varnishd",
    [
      "-F",
      "-j",
      "none",
      "-n",
      path.join(dir, "work"),
      "-f",
      config,
      "-a",
      `127.0.0.1:${port}`,
      "-s",
      "malloc,64m",
    ],
    // Varnish compiles its configuration with the C compiler first: allow it time.
    {
      dir,
      port,
      withinMs: 30_000,
      pollMs: 100,
      installHint: "apt-get install varnish varnish-modules",
    },
  );
  const url = `http://127.0.0.1:${port}`;
  return { url, purgeUrl: `${url}${PURGE_PATH}`, output: varnishd.output, stop: varnishd.stop };
}
