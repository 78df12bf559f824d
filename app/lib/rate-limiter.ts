/**
 * The one rate-limiter interface: an attempt counted against a key (a client address, an
 * account, a user) under a rule, allowed or refused with how long until the key may try again.
 * Two stores implement it, each with its own window: `memoryRateLimiter` here (per process, a
 * window opened by a key's first attempt: the open data), and `databaseRateLimiter`
 * (app/.server/data/rate-limits.server.ts: shared by every instance, a window that runs from
 * the last allowed attempt: sign-up, sign-in, password resets, alerts, deliveries). better-auth's
 * own per-endpoint limits are its configuration (auth.server.ts), kept in the same table.
 */
export interface RateLimiter {
  consume: (key: string) => Promise<RateLimitVerdict>;
}

export interface RateLimitRule {
  /** How long a window lasts. */
  windowSeconds: number;
  /** Attempts allowed per key in one window. */
  max: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** In memory, per process: the rule's windows over `createRequestWindow`. */
export function memoryRateLimiter(rule: RateLimitRule, clock = Date.now): RateLimiter {
  const requests = createRequestWindow({ limit: rule.max, windowMs: rule.windowSeconds * 1000 });
  return { consume: async (key) => requests.hit(key, clock()) };
}

/**
 * Counts requests per key (a client address) in fixed windows: the first request of a key
 * opens its window, and at most `limit` requests pass until it closes. Kept in memory, per
 * process; windows that closed are swept once a window, so memory follows the addresses of
 * the last minute, not every address ever seen.
 */
export interface RequestWindow {
  /** Counts one request: allowed, or refused with how long until the key's window closes. */
  hit: (key: string, now: number) => RateLimitVerdict;
  size: () => number;
}

export function createRequestWindow({
  limit,
  windowMs,
}: {
  limit: number;
  windowMs: number;
}): RequestWindow {
  const windows = new Map<string, { opensAt: number; count: number }>();
  let sweptAt = 0;

  const sweep = (now: number) => {
    sweptAt = now;
    for (const [key, window] of windows) {
      if (now - window.opensAt >= windowMs) windows.delete(key);
    }
  };

  return {
    hit: (key, now) => {
      if (now - sweptAt >= windowMs) sweep(now);
      const window = windows.get(key);
      if (!window || now - window.opensAt >= windowMs) {
        windows.set(key, { opensAt: now, count: 1 });
        return { allowed: true };
      }
      if (window.count >= limit) {
        return { allowed: false, retryAfterMs: window.opensAt + windowMs - now };
      }
      window.count += 1;
      return { allowed: true };
    },
    size: () => windows.size,
  };
}
