/**
 * Counts requests per key (a client address) in fixed windows: the first request of a key
 * opens its window, and at most `limit` requests pass until it closes. Kept in memory, per
 * process; windows that closed are swept once a window, so memory follows the addresses of
 * the last minute, not every address ever seen.
 */
export interface RequestWindow {
  /** Counts one request: allowed, or refused with how long until the key's window closes. */
  hit: (key: string, now: number) => { allowed: true } | { allowed: false; retryAfterMs: number };
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
