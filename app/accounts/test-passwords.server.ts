import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";

/*
 * Password hashes for the test suite's shared servers only (decision 032). better-auth hashes
 * with scrypt at a cost made for attackers (N=16384, r=16: 32 MB and about 0.1 s of a core a
 * hash, several seconds on the loaded 2-core test machine), and the browser tests make hundreds
 * of accounts. A server started with PERDE_TEST_FAST_PASSWORDS=1 (the test pool sets it, nothing
 * else does) hashes new passwords at a far lower cost, marked `test:` so that they are never
 * taken for real ones; it still checks better-auth's own hashes as better-auth does. Without the
 * switch (production, and the test files' own servers that test sign-ins) none of this is used.
 */

const PREFIX = "test:";
const COST = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

async function hash(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${PREFIX}${salt}:${(await derive(password, salt)).toString("hex")}`;
}

async function verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
  const [salt, key] = hash.slice(PREFIX.length).split(":");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "hex");
  const derived = await derive(password, salt);
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}

/** better-auth's `emailAndPassword.password` for a test server; undefined (its own) otherwise. */
export function testPasswordHashing(
  enabled = process.env.PERDE_TEST_FAST_PASSWORDS === "1",
): { hash: typeof hash; verify: typeof verify } | undefined {
  return enabled ? { hash, verify } : undefined;
}
