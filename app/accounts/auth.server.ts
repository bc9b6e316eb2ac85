import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import {
  account,
  passkey as passkeyTable,
  session,
  twoFactor as twoFactorTable,
  user,
  verification,
} from "~/db/auth-schema";
import type { DatabaseHandle } from "~/db/client.server";
import { profiles } from "~/db/schema";
import type { Env } from "~/core/env.server";
import type { Logger } from "~/core/logger.server";
import type { Mailer } from "./mailer.server";

/**
 * better-auth: email and password accounts, scrypt hashes, sessions in the database carried in
 * an httpOnly SameSite=Lax cookie (Secure over https); two-factor sign-in with TOTP and one-time
 * recovery codes, and passkeys (WebAuthn) bound to the public site's host. Routes call its server
 * API directly: its HTTP handler is not mounted.
 */
export function createAuth(env: Env, database: DatabaseHandle, mailer: Mailer, logger: Logger) {
  return betterAuth({
    appName: "Perde",
    baseURL: env.publicSiteUrl,
    secret: env.authSecret,
    trustedOrigins: [env.publicSiteUrl],
    database: drizzleAdapter(database.db, {
      provider: "pg",
      schema: {
        user,
        session,
        account,
        verification,
        twoFactor: twoFactorTable,
        passkey: passkeyTable,
      },
    }),
    plugins: [
      twoFactor({
        issuer: "Perde",
        backupCodeOptions: { amount: 10, length: 10 },
        // Wrong codes: our limiter per client (like passwords) and better-auth's own per account.
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      passkey({
        rpID: new URL(env.publicSiteUrl).hostname,
        rpName: "Perde",
        origin: env.publicSiteUrl,
      }),
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user: owner, token }) {
        const link = `${env.publicSiteUrl}/sifre-sifirla?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: owner.email,
          subject: "Perde şifre sıfırlama",
          text: `Merhaba ${owner.name},\n\nŞifrenizi sıfırlamak için bu bağlantıyı açın (1 saat geçerlidir):\n${link}\n\nBu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.`,
        });
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Our own limiter covers the forms (per address and per client); the HTTP handler is not mounted.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.publicSiteUrl.startsWith("https://"),
      cookiePrefix: "perde",
    },
    databaseHooks: {
      user: {
        create: {
          // The spec keeps the full name in profiles (SPEC.md section 3).
          async after(created) {
            await database.db
              .insert(profiles)
              .values({ userId: created.id, fullName: created.name })
              .onConflictDoNothing();
          },
        },
      },
    },
    logger: {
      log: (level, message) => {
        if (level === "error") logger.error({ source: "auth" }, message);
        else if (level === "warn") logger.warn({ source: "auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
