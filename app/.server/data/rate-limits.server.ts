import crypto from "node:crypto";

import { sql } from "drizzle-orm";

import type { Database } from "../db/client";
import { rateLimit } from "../db/schema";

export interface RateLimitRule {
  /** Seconds without an allowed attempt after which the count starts again. */
  windowSeconds: number;
  max: number;
}

/**
 * Keys hold what a visitor typed (an e-mail address): a long one is stored as its SHA-256, so
 * it still counts and never exceeds what the key's B-tree index can hold (~2,700 bytes).
 */
const MAX_PLAIN_KEY_LENGTH = 256;

function storedKey(key: string): string {
  if (key.length <= MAX_PLAIN_KEY_LENGTH) return key;
  return `sha256:${crypto.createHash("sha256").update(key).digest("hex")}`;
}

/**
 * Counts one attempt against `key` in better-auth's rate_limit table (so every app instance
 * shares it) with one atomic upsert; false when the attempt is over the limit.
 * The window runs from the last allowed attempt: refused ones do not extend it.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
): Promise<boolean> {
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  const expired = sql`${rateLimit.lastRequest} <= ${windowStart}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key: storedKey(key), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} or ${rateLimit.count} < ${rule.max} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count });
  return row!.count <= rule.max;
}
