import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";

import type { Logger } from "pino";

import { regionFromAcceptLanguage } from "~/lib/ship-to";

import type { DatabaseHandle } from "../../db/client";
import { isShareableAnswer, isSharedRequest } from "./cache-headers.server";
import { cachedPagePolicy } from "./csp.server";

/**
 * The page cache: two in-process caches public pages share, emptied together, and how a page
 * is kept and answered.
 * - data every page shows (hero, footer, categories…), with a short time to live;
 * - whole rendered pages for visitors without cookies, keyed by URL and region. server/app.ts
 *   answers a stored page before Express sees the request (`cachedPageFor`, `sendCachedPage`),
 *   and its React Router handler keeps what a rendering sends (`recordRendering`): the
 *   rendered Response is read as it streams out, nothing of Node's response is replaced.
 *   What may be kept is decided once, in cache-headers.server.ts.
 *
 * Every write that changes what public pages show empties them: the database sends a NOTIFY
 * on the `public_pages_changed` channel from triggers on the public tables when a statement
 * changed rows (whoever writes: admin, scraper, review queue, a script), and every instance LISTENs. `clear()` empties this
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

export const PAGE_CACHE_HEADER = "X-Page-Cache";

/** Headers that describe one transfer, not the page: made again for each answer. */
const TRANSFER_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
  "x-page-cache",
  "x-request-id",
]);

/** Below this, gzip saves too little to be worth it (the compression middleware agrees). */
const GZIP_THRESHOLD_BYTES = 1024;

/** Headers a 304 repeats (RFC 9110 §15.4.5); the browser keeps the rest from its copy. */
const NOT_MODIFIED_HEADERS = new Set(["cache-control", "etag", "vary", "expires"]);

/** A GET that may be answered from, or kept in, the cache (a HEAD has no body to keep). */
function isCacheableRequest(req: IncomingMessage): boolean {
  return req.method === "GET" && isSharedRequest(req.headers.cookie);
}

/**
 * A cookieless page also depends on the visitor's Accept-Language region: it is the default
 * "Ship to" destination, which sets shipping, totals and Best Price. One entry per URL and region.
 */
function pageKey(req: IncomingMessage & { originalUrl?: string }): string {
  const url = req.originalUrl ?? req.url ?? "/";
  const region = regionFromAcceptLanguage(req.headers["accept-language"]);
  return region === null ? url : `${url}\n${region}`;
}

/** The page stored for this request, if it may be answered from the cache. */
export function cachedPageFor(cache: PageCache, req: IncomingMessage): RenderedPage | undefined {
  return isCacheableRequest(req) ? cache.pages.read(pageKey(req)) : undefined;
}

function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const offers = String(acceptEncoding ?? "").toLowerCase();
  const gzip = offers.split(",").find((offer) => /^\s*(gzip|\*)\s*(;|$)/.test(offer));
  return gzip !== undefined && !/;\s*q=0(\.0*)?\s*$/.test(gzip);
}

/** Whether If-None-Match names this tag (weak comparison, as for a GET). */
function matchesEntityTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || opaque(value) === opaque(tag);
  });
}

/**
 * Answers with a stored page: 304 when the visitor's If-None-Match names its ETag (public pages
 * say `no-cache`, so browsers and CDNs ask every time), else the page, as is or as a gzip made
 * once. The stored headers already carry what the pipeline added when the page was rendered.
 */
export function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: RenderedPage) {
  if (page.entityTag && matchesEntityTag(req.headers["if-none-match"], page.entityTag)) {
    const headers: Record<string, string> = { [PAGE_CACHE_HEADER]: "hit" };
    for (const [name, value] of page.headers) {
      if (NOT_MODIFIED_HEADERS.has(name)) headers[name] = value;
    }
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let body = page.body;
  const headers: Record<string, string> = Object.fromEntries(page.headers);
  headers[PAGE_CACHE_HEADER] = "hit";
  if (page.renderedPolicy) {
    page.sharedPolicy ??= cachedPagePolicy(page.renderedPolicy, page.body.toString("utf8"));
    headers["content-security-policy"] = page.sharedPolicy;
  }
  if (body.length >= GZIP_THRESHOLD_BYTES && acceptsGzip(req.headers["accept-encoding"])) {
    page.gzipped ??= gzipSync(body);
    body = page.gzipped;
    headers["content-encoding"] = "gzip";
  }
  headers["content-length"] = String(body.length);
  res.writeHead(page.status, headers);
  res.end(body);
}

/** A weak tag (the gzip and identity bodies differ), new for every rendering. */
function newEntityTag(): string {
  return `W/"${randomBytes(12).toString("base64url")}"`;
}

/** What a rendering that may be kept needs: its tag, and `keep` once its body is complete. */
export interface KeptRendering {
  entityTag: string;
  keep: (body: Buffer) => void;
}

/**
 * Called before React Router renders a request: for a cacheable request, marks the answer a
 * miss and notes the cache's version. The returned function, given the rendered Response,
 * answers whether it is kept; the caller sends the ETag with it and calls `keep` with the
 * whole body just before ending, when `res` holds every header the pipeline added (the
 * compression middleware's Vary included). A page whose rendering began before the cache was
 * emptied is dropped, since it may show what the emptying write replaced.
 */
export function recordRendering(
  cache: PageCache,
  req: IncomingMessage,
  res: ServerResponse,
): ((response: Response) => KeptRendering | null) | null {
  if (!isCacheableRequest(req)) return null;
  res.setHeader(PAGE_CACHE_HEADER, "miss");
  const version = cache.pages.version();
  const key = pageKey(req);
  return (response) => {
    if (!isShareableAnswer(response.status, response.headers) || res.hasHeader("set-cookie")) {
      return null;
    }
    const entityTag = newEntityTag();
    return {
      entityTag,
      keep: (body) => {
        const headers: [string, string][] = [];
        let renderedPolicy: string | undefined;
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || TRANSFER_HEADERS.has(name)) continue;
          const text = Array.isArray(value) ? value.join(", ") : String(value);
          if (name === "content-security-policy") renderedPolicy = text;
          else headers.push([name, text]);
        }
        // Compression adds this when it encodes; a cached answer may go out either way.
        if (!headers.some(([name]) => name === "vary")) headers.push(["vary", "Accept-Encoding"]);
        const page = { status: response.status, headers, body, renderedPolicy, entityTag };
        cache.pages.write(key, { ...page, storedAt: Date.now() }, version);
      },
    };
  };
}
