import nodemailer from "nodemailer";
import type { Env } from "~/core/env.server";
import type { Logger } from "~/core/logger.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (the notification digest). */
  html?: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** False when mail cannot be sent: the password-reset form says so instead of pretending. */
  readonly available: boolean;
  send(mail: Mail): Promise<void>;
  /** Closes the pooled SMTP connections (tests, scripts). */
  close?(): void;
}

/**
 * SMTP when configured. Without it, only the embedded setup (PGlite, one person trying the site
 * on their machine) writes the message, link included, to the server log; with DATABASE_URL (a
 * real deployment) a reset link in a log would be a secret in the wrong place, so mail is off.
 */
export function createMailer(env: Env, logger: Logger): Mailer {
  const smtp = env.smtp;
  if (!smtp && env.databaseUrl) {
    logger.warn(
      "SMTP yapılandırılmadı: şifre sıfırlama kapalı (SMTP_HOST ve SMTP_FROM ile açılır)",
    );
    return {
      available: false,
      async send() {
        throw new Error("mail is not configured");
      },
    };
  }
  if (!smtp) {
    return {
      available: true,
      async send(mail) {
        logger.info({ mail }, "e-posta (gömülü kurulum, SMTP yok: günlüğe yazıldı)");
      },
    };
  }
  // Pooled: the notification digest sends thousands of mails in a row over a few connections
  // instead of a new connection (and TLS handshake) per mail.
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 5,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
  });
  return {
    available: true,
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail });
    },
    close: () => transport.close(),
  };
}
