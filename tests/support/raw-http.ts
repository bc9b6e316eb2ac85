import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { clientHeaders, clockHeaders, newClientAddress } from "./client-address";

/*
 * A bare HTTP client for attacking the built server the way a script would: any method, any
 * header (a forged X-Forwarded-For, a lying Content-Length), any body, from any loopback
 * address (127.0.0.2 is another client as far as the server can tell), with a cookie jar.
 */

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** The client's own address on the loopback network. */
  from?: string;
  /** Ends the request after the headers and this much of the body, whatever it declared. */
  sendOnly?: Buffer;
  timeoutMs?: number;
}

export function raw(base: string, options: RawRequest): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        localAddress: options.from,
        timeout: options.timeoutMs ?? 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          if (options.sendOnly) req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timed out: ${options.path}`)));
    req.on("error", reject);
    if (options.sendOnly) {
      req.write(options.sendOnly);
      // The rest of the declared body never comes: the answer must not wait for it.
      return;
    }
    req.end(options.body);
  });
}

/**
 * A GET as a script sends it, following the site's own redirects (to its own paths only, at
 * most five): every answer on the way, and the last.
 */
export async function follow(base: string, path: string, headers: Record<string, string> = {}) {
  const chain: (RawResponse & { path: string })[] = [];
  let next = path;
  for (let hop = 0; hop < 5; hop++) {
    const answer = await raw(base, { path: next, headers });
    chain.push({ ...answer, path: next });
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status >= 400 || !location) break;
    if (!location.startsWith("/") || location.startsWith("//")) break;
    next = location;
  }
  return { chain, last: chain.at(-1)! };
}

/**
 * A visitor with cookies, posting forms as a browser without JavaScript does. On a shared server
 * (shared-servers.ts) a visitor without an address of its own (`from`) is a client of its own
 * through X-Forwarded-For; either way it is on the file's clock for that server, if any.
 */
export class Visitor {
  private cookies = new Map<string, string>();
  private readonly forwarded: Record<string, string>;

  constructor(
    readonly base: string,
    readonly from?: string,
  ) {
    this.forwarded = from ? clockHeaders(base) : clientHeaders(base, newClientAddress());
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  private remember(response: RawResponse) {
    for (const line of response.headers["set-cookie"] ?? []) {
      const [pair, ...attributes] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async get(path: string, headers: Record<string, string> = {}) {
    return this.remember(
      await raw(this.base, {
        path,
        from: this.from,
        headers: {
          ...this.forwarded,
          ...(this.cookies.size ? { Cookie: this.cookieHeader } : {}),
          ...headers,
        },
      }),
    );
  }

  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const body = new URLSearchParams(fields).toString();
    return this.remember(
      await raw(this.base, {
        method: "POST",
        path,
        from: this.from,
        body,
        headers: {
          ...this.forwarded,
          Origin: this.base,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          ...(this.cookies.size ? { Cookie: this.cookieHeader } : {}),
          ...headers,
        },
      }),
    );
  }

  signUp(email: string, password = "gizli123", name = "Saldırı Testi") {
    return this.post("/auth", { intent: "signup", fullName: name, email, password });
  }

  /** Signs up (if needed) and in; throws unless the server opened a session. */
  async signIn(email: string, password = "gizli123", name = "Saldırı Testi") {
    await this.signUp(email, password, name);
    const answer = await this.post("/auth", { intent: "signin", email, password });
    if (answer.status !== 302) throw new Error(`sign-in failed: ${answer.status} ${answer.body}`);
    return answer;
  }
}
