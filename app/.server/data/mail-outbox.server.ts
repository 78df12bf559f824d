import { desc } from "drizzle-orm";

import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";

/** Keeps a message in the outbox, where mail goes when no SMTP server is configured. */
export async function insertOutboxMail(
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

/** Mail kept when no SMTP server is configured, newest first. */
export async function getRecentOutboxMail(db: Database, limit = 50) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
