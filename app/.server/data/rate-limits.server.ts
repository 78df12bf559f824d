import crypto from "node:crypto";

import { sql } from "drizzle-orm";

import type { RateLimiter, RateLimitRule } from "~/lib/rate-limiter";

import type { Database } from "../db/client";
import { rateLimit } from "../db/schema";

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
 * The database store of the one rate-limiter interface (~/lib/rate-limiter): counts in
 * better-auth's rate_limit table, so every app instance shares them, one atomic upsert per
 * attempt. The window runs from the last allowed attempt (`windowSeconds` without one and the
 * count starts again): refused ones do not extend it.
 */
export function databaseRateLimiter(db: Database, rule: RateLimitRule): RateLimiter {
  return {
    consume: async (key) => {
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
        .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest });
      if (row!.count <= rule.max) return { allowed: true };
      return {
        allowed: false,
        retryAfterMs: Math.max(0, row!.lastRequest + rule.windowSeconds * 1000 - now),
      };
    },
  };
}
