import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-database";
import type { DatabaseHandle } from "~/db/client.server";
import { loadEnv } from "~/env.server";
import { createLogger } from "~/logger.server";
import type { AppServices } from "~/services.server";
import {
  requestPasswordReset,
  resetPassword,
  RESET_SENT,
  signIn,
  signUp,
} from "./account-actions.server";
import { createAuth } from "./auth.server";
import type { Mail } from "./mailer.server";

let database: DatabaseHandle;
let services: AppServices;
const sent: Mail[] = [];

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};
const request = () => new Request("http://localhost:3000/auth", { method: "POST" });

beforeAll(async () => {
  database = await createTestDatabase();
  const env = {
    ...loadEnv({
      AUTH_SECRET: "a-test-secret-that-is-long-enough-123",
      DATA_DIR: "/tmp/perde-unused",
    }),
  };
  const logger = createLogger("silent");
  const mailer = { send: async (mail: Mail) => void sent.push(mail) };
  services = {
    env,
    logger,
    database,
    mailer,
    auth: createAuth(env, database, mailer, logger),
  } as unknown as AppServices;
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

  it("limits sign-in attempts per address", async () => {
    let last: unknown;
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await signIn(
        services,
        request(),
        `10.0.0.${attempt}`,
        form({ email: "hedef@example.com", password: "tahmin123" }),
      );
    }
    expect(last).toMatchObject({
      error: "Çok fazla deneme yaptınız. Lütfen biraz sonra yeniden deneyin.",
    });
  });
});
