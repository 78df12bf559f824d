import { desc } from "drizzle-orm";

import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";

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
