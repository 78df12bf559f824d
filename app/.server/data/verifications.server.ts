import { and, eq, like } from "drizzle-orm";

import type { Database } from "../db/client";
import { verification } from "../db/schema";

/** better-auth's identifier prefix for password-reset links; kept readable in the stored hash. */
export const RESET_PASSWORD_PREFIX = "reset-password:";

/** Voids every password-reset link of the account (better-auth stores the user id as the value). */
export async function deletePasswordResetVerifications(
  db: Database,
  userId: string,
): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        like(verification.identifier, `${RESET_PASSWORD_PREFIX}%`),
      ),
    );
}
