import nodemailer from "nodemailer";
import type { Env } from "~/env.server";
import type { Logger } from "~/logger.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when configured; otherwise the message, link included, goes to the server log. */
export function createMailer(env: Env, logger: Logger): Mailer {
  const smtp = env.smtp;
  if (!smtp) {
    return {
      async send(mail) {
        logger.info({ mail }, "e-posta (SMTP yapılandırılmadı, günlüğe yazıldı)");
      },
    };
  }
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail });
    },
  };
}
