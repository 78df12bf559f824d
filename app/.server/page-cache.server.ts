/**
 * A small in-process cache for content every page shows (hero, footer, categories…).
 * Entries expire on their own so several instances converge; admin writes and
 * 'Clear Cache' empty it at once on this instance.
 */
export interface PageCache {
  get: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  clear: () => void;
}

const DEFAULT_TTL_MS = 30_000;

export function createPageCache(ttlMs = DEFAULT_TTL_MS): PageCache {
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  return {
    get: <T>(key: string, load: () => Promise<T>) => {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { expiresAt: now + ttlMs, value });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}
