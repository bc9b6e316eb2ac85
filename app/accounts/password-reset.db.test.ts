import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { actionServices } from "../../tests/support/action-services";
import { createTestDatabase } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import type { AccountServices } from "./account-services.server";
import {
  requestPasswordReset,
  resetPassword,
  RESET_SENT,
  signIn,
  signUp,
} from "./account-actions.server";
import type { Mail } from "./mailer.server";
import { signInDelayMs, TOO_MANY } from "./rate-limit.server";
import { RESET_UNAVAILABLE } from "./schemas";

let database: DatabaseHandle;
let services: AccountServices;
const sent: Mail[] = [];

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};
const request = () => new Request("http://localhost:3000/auth", { method: "POST" });

beforeAll(async () => {
  database = await createTestDatabase();
  const mailer = { available: true, send: async (mail: Mail) => void sent.push(mail) };
  services = actionServices(database, {}, mailer).services;
});
afterAll(() => database.close());

describe("password reset", () => {
  it("mails a link whose token sets a new password, and the old one stops working", async () => {
    expect(
      await signUp(
        services,
        request(),
        "1.1.1.1",
        form({ fullName: "Sıfır Lama", email: "sifir@example.com", password: "eskisifre" }),
      ),
    ).toMatchObject({
      success: "Kayıt başarılı! Giriş yapabilirsiniz.",
    });
    expect(
      await requestPasswordReset(services, "1.1.1.1", form({ email: "sifir@example.com" })),
    ).toMatchObject({ success: RESET_SENT });
    // The same answer for an address without an account, and no mail.
    expect(
      await requestPasswordReset(services, "1.1.1.1", form({ email: "kimse@example.com" })),
    ).toMatchObject({ success: RESET_SENT });
    expect(sent).toHaveLength(1);
    const link = /https?:\/\/\S+\/sifre-sifirla\?token=(\S+)/.exec(sent[0]!.text);
    expect(sent[0]!.to).toBe("sifir@example.com");
    expect(link).not.toBeNull();

    const done = await resetPassword(
      services,
      form({ token: decodeURIComponent(link![1]!), password: "yenisifre" }),
    );
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get("location")).toBe("/auth");

    const old = await signIn(
      services,
      request(),
      "1.1.1.1",
      form({ email: "sifir@example.com", password: "eskisifre" }),
    );
    expect(old).toMatchObject({ error: "E-posta veya şifre hatalı" });
    const fresh = await signIn(
      services,
      request(),
      "1.1.1.1",
      form({ email: "sifir@example.com", password: "yenisifre" }),
    );
    expect(fresh).toBeInstanceOf(Response);

    const reused = await resetPassword(
      services,
      form({ token: decodeURIComponent(link![1]!), password: "baskasifre" }),
    );
    expect(reused).toMatchObject({ error: expect.stringContaining("geçersiz") });
  });

  it("locks out the client that failed, never the owner elsewhere, and slows spread-out guessing", async () => {
    await signUp(
      services,
      request(),
      "1.1.1.1",
      form({ fullName: "Hedef Kişi", email: "hedef@example.com", password: "dogrusifre" }),
    );
    const attempt = (client: string, password: string) =>
      signIn(services, request(), client, form({ email: "hedef@example.com", password }));

    // Ten wrong passwords from one client: the eleventh attempt from it is refused, even right.
    for (let count = 0; count < 10; count++) {
      expect(await attempt("10.0.0.1", "tahmin123")).toMatchObject({
        error: "E-posta veya şifre hatalı",
      });
    }
    expect(await attempt("10.0.0.1", "dogrusifre")).toMatchObject({ error: TOO_MANY });
    // The added wait is a timer of signInDelayMs: the timers each sign-in asked for tell whether
    // it was slowed, where comparing two durations would depend on how busy the machine is.
    const timers = vi.spyOn(globalThis, "setTimeout");
    const delay = signInDelayMs(11); // after one more wrong password for the address
    const waitsAsked = () => timers.mock.calls.filter(([, ms]) => ms === delay);
    try {
      // The owner, on a client that has not failed, signs in at once: no added wait.
      expect(await attempt("10.0.0.2", "dogrusifre")).toBeInstanceOf(Response);
      expect(waitsAsked()).toEqual([]);

      // More wrong passwords from other clients: answered (slowly), never "too many".
      expect(await attempt("10.0.0.3", "tahmin456")).toMatchObject({
        error: "E-posta veya şifre hatalı",
      });
      timers.mockClear();
      const slowed = Date.now();
      expect(await attempt("10.0.0.4", "dogrusifre")).toBeInstanceOf(Response);
      expect(Date.now() - slowed).toBeGreaterThanOrEqual(450);
      expect(waitsAsked()).toHaveLength(1);
    } finally {
      timers.mockRestore();
    }
  });

  it("waits longer the more wrong passwords an address has had, up to four seconds", () => {
    expect([0, 10, 11, 12, 13, 14, 50].map(signInDelayMs)).toEqual([
      0, 0, 500, 1000, 2000, 4000, 4000,
    ]);
  });

  it("says a reset is unavailable when mail cannot be sent, and sends nothing", async () => {
    const offline = { ...services, mailer: { available: false, send: async () => {} } };
    const before = sent.length;
    expect(
      await requestPasswordReset(
        offline as AccountServices,
        "1.1.1.9",
        form({ email: "sifir@example.com" }),
      ),
    ).toMatchObject({ error: RESET_UNAVAILABLE });
    expect(sent).toHaveLength(before);
  });
});
