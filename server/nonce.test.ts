import { describe, expect, it } from "vitest";
import { newNonce } from "./nonce";

describe("newNonce", () => {
  it("gives 16 random bytes in base64, never the same twice across batches", () => {
    const nonces = Array.from({ length: 2_000 }, newNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});
