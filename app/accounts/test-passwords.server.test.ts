import { hashPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { testPasswordHashing } from "./test-passwords.server";

describe("the test pool's cheap password hashes (decision 032)", () => {
  it("are used only with the switch", () => {
    expect(testPasswordHashing(false)).toBeUndefined();
    expect(testPasswordHashing()).toBeUndefined();
    expect(testPasswordHashing(true)).toBeDefined();
  });

  it("check the right password, refuse a wrong one, and still check better-auth's own hashes", async () => {
    const { hash, verify } = testPasswordHashing(true)!;
    const cheap = await hash("gizli123");
    expect(cheap).toMatch(/^test:[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(await verify({ hash: cheap, password: "gizli123" })).toBe(true);
    expect(await verify({ hash: cheap, password: "gizli124" })).toBe(false);
    expect(await verify({ hash: "test:bozuk", password: "gizli123" })).toBe(false);
    const real = await hashPassword("gizli123");
    expect(await verify({ hash: real, password: "gizli123" })).toBe(true);
    expect(await verify({ hash: real, password: "yanlis12" })).toBe(false);
  });
});
