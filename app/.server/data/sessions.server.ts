import { eq } from "drizzle-orm";

import type { Database } from "../db/client";
import { session } from "../db/schema";

/** Ends one session by its token (a sign-in that must not stand). */
export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  await db.delete(session).where(eq(session.token, token));
}
