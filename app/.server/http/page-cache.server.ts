import type { Logger } from "pino";

import type { DatabaseHandle } from "../db/client";

/**
 * Two in-process caches public pages share, emptied together:
 * - data every page shows (hero, footer, categories…), with a short time to live;
 * - whole rendered pages for visitors without a session, keyed by URL (see server/page-cache.ts).
 *
 * Every write that changes what public pages show empties them: the database sends a NOTIFY
 * on the `public_pages_changed` channel from triggers on the public tables when a statement
 * changed rows (whoever writes:
 * admin, scraper, review queue, a script), and every instance LISTENs. `clear()` empties this
 * instance at once and tells the others too (admin 'Clear Cache').
 */
export interface PageCache {
  get: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  pages: RenderedPageStore;
  clear: () => void;
  /** Empties this cache on every NOTIFY, and makes clear() reach every instance. */
  listenForChanges: (database: Pick<DatabaseHandle, "listen" | "executeSql">) => Promise<void>;
  close: () => Promise<void>;
}

export interface RenderedPage {
  status: number;
  /** Replayed as the app sent them, but for the Content-Security-Policy. */
  headers: [name: string, value: string][];
  body: Buffer;
  /** The gzip of body, made on the first request that accepts it. */
  gzipped?: Buffer;
  /** The policy the page was rendered with: its nonce, never sent again. */
  renderedPolicy?: string;
  /**
   * The policy every replay sends (inline scripts by hash), made from renderedPolicy on the
   * first replay: a URL asked for once never pays for hashing its scripts.
   */
  sharedPolicy?: string;
  /** The ETag sent with the rendering; a visitor holding it is answered 304. */
  entityTag?: string;
  storedAt: number;
}

export interface RenderedPageStore {
  read: (url: string) => RenderedPage | undefined;
  /**
   * Keeps a page whose rendering began at `version`; dropped if the cache was emptied
   * meanwhile, since it may show what the emptying write replaced.
   */
  write: (url: string, page: RenderedPage, version: number) => void;
  version: () => number;
}

export const PUBLIC_CHANGES_CHANNEL = "public_pages_changed";

export interface PageCacheOptions {
  dataTtlMs?: number;
  /** A safety net only: a missed notification (a dropped LISTEN connection) heals by then. */
  pageTtlMs?: number;
  /** Bounds memory when visitors ask for many distinct URLs (query strings). */
  maxPages?: number;
  logger?: Pick<Logger, "warn">;
}

const DEFAULT_DATA_TTL_MS = 30_000;
const DEFAULT_PAGE_TTL_MS = 5 * 60_000;
const DEFAULT_MAX_PAGES = 500;

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const dataTtlMs = options.dataTtlMs ?? DEFAULT_DATA_TTL_MS;
  const pageTtlMs = options.pageTtlMs ?? DEFAULT_PAGE_TTL_MS;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  const pages = new Map<string, RenderedPage>();
  let version = 0;
  let tellOtherInstances: (() => void) | null = null;
  let stopListening: (() => Promise<void>) | null = null;

  const clearHere = () => {
    entries.clear();
    pages.clear();
    version += 1;
  };

  return {
    get: <T>(key: string, load: () => Promise<T>) => {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { expiresAt: now + dataTtlMs, value });
      value.catch(() => entries.delete(key));
      return value;
    },
    pages: {
      read: (url) => {
        const page = pages.get(url);
        if (!page) return undefined;
        if (Date.now() - page.storedAt >= pageTtlMs) {
          pages.delete(url);
          return undefined;
        }
        return page;
      },
      write: (url, page, startedAt) => {
        if (startedAt !== version) return;
        if (!pages.has(url) && pages.size >= maxPages) {
          // Map keeps insertion order: the oldest page goes first.
          pages.delete(pages.keys().next().value!);
        }
        pages.set(url, page);
      },
      version: () => version,
    },
    clear: () => {
      clearHere();
      tellOtherInstances?.();
    },
    listenForChanges: async (database) => {
      // A reconnected listener may have missed notifications: start afresh.
      stopListening = await database.listen(PUBLIC_CHANGES_CHANNEL, clearHere, clearHere);
      tellOtherInstances = () => {
        database
          .executeSql("select pg_notify($1, '')", [PUBLIC_CHANGES_CHANNEL])
          .catch((error: unknown) =>
            options.logger?.warn({ err: error }, "could not tell other instances to empty caches"),
          );
      };
    },
    close: async () => {
      tellOtherInstances = null;
      await stopListening?.();
      stopListening = null;
    },
  };
}
