import { connect } from "node:net";
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

/** How long opening a connection to the SMTP server may take (nodemailer's own default). */
const CONNECT_TIMEOUT_MS = 2 * 60 * 1000;

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
    maxConnections: 20,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
    // The pool's sockets without Nagle's algorithm: a mail's body goes in several writes, and
    // with it each write after the first waited for the server's delayed ACK (about 40 ms), so
    // a connection carried some 20 mails a second (bench:notify).
    getSocket(_options, callback) {
      const socket = connect({ host: smtp.host, port: smtp.port, noDelay: true });
      const failed = (error: Error) => callback(error, undefined);
      socket.setTimeout(CONNECT_TIMEOUT_MS, () =>
        socket.destroy(new Error("SMTP connect timeout")),
      );
      socket.once("error", failed);
      socket.once("connect", () => {
        socket.setTimeout(0);
        socket.off("error", failed);
        callback(null, { connection: socket });
      });
    },
  });
  return {
    available: true,
    async send(mail) {
      // Quoted-printable, named rather than guessed: nodemailer otherwise counts every part's
      // Latin and other letters to choose, a sixth of the digest's sending CPU (bench:notify),
      // and Perde's Turkish texts come out quoted-printable either way.
      await transport.sendMail({ from: smtp.from, textEncoding: "quoted-printable", ...mail });
    },
    close: () => transport.close(),
  };
}
