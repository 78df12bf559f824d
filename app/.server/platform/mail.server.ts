import nodemailer from "nodemailer";

import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Logger } from "pino";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe); SMTP only, the outbox keeps the text. */
  headers?: Record<string, string>;
}

export interface Mailer {
  kind: "smtp" | "outbox";
  send: (message: MailMessage) => Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every message lands in the outbox table
 * (readable by admins) so the demo's mail is visible without a mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Database;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, db, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: "smtp",
      send: async (message) => {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }
  return {
    kind: "outbox",
    send: async (message) => {
      await insertOutboxMail(db, message);
      logger.info({ to: message.to, subject: message.subject }, "mail stored in outbox");
    },
  };
}

/** Keeps a message in the outbox, where mail goes when no SMTP server is configured. */
async function insertOutboxMail(
  db: Database,
  message: { to: string; subject: string; text: string; html?: string },
): Promise<void> {
  await db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
  });
}
