import { passkey } from "@better-auth/passkey";
import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthEndpoint } from "better-auth/api";
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
import { testPasswordHashing } from "./test-passwords.server";

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
        // Wrong codes follow the password rule in our limiter (per account and client, decision
        // 008). better-auth's lock per account is off: anyone who knows the password could spend
        // it and lock the owner out. Its limit of 5 codes per sign-in attempt stays.
        accountLockout: { enabled: false },
      }),
      pendingSecondStep(),
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
      // The test pool's servers only (PERDE_TEST_FAST_PASSWORDS=1): cheap hashes, decision 032.
      password: testPasswordHashing(),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user: owner, token }) {
        const link = `${env.publicSiteUrl}/sifre-sifirla?token=${encodeURIComponent(token)}`;
        // Not awaited: the answer to a reset request must take as long, and say the same,
        // whether or not the address has an account (decision 008), even when mail fails.
        void mailer
          .send({
            to: owner.email,
            subject: "Perde şifre sıfırlama",
            text: `Merhaba ${owner.name},\n\nŞifrenizi sıfırlamak için bu bağlantıyı açın (1 saat geçerlidir):\n${link}\n\nBu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.`,
          })
          .catch((error: unknown) =>
            logger.warn({ err: String(error) }, "password reset mail failed"),
          );
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

/**
 * Whose sign-in waits for its second step: the user id behind better-auth's signed pending
 * cookie (null when there is none or it expired), read the way the twoFactor plugin reads it,
 * so that wrong codes can be counted per account before a code is checked. Server only: the
 * HTTP handler is not mounted.
 */
function pendingSecondStep() {
  return {
    id: "perde-pending-second-step",
    endpoints: {
      pendingSecondStepUser: createAuthEndpoint(
        "/perde/pending-second-step",
        { method: "GET", metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const cookie = ctx.context.createAuthCookie("two_factor");
          const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
          const pending = identifier
            ? await ctx.context.internalAdapter.findVerificationValue(identifier)
            : null;
          const live = pending && new Date(pending.expiresAt).getTime() > Date.now();
          return ctx.json({ userId: live ? pending.value : null });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
