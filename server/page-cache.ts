import { gzipSync } from "node:zlib";

import type { NextFunction, Request, Response } from "express";

import type { PageCache, RenderedPage } from "~/.server/page-cache.server";

/**
 * better-auth's cookies (session, OAuth state; `__Secure-` on https) and the one-shot flash
 * message: a request carrying one may get a personal page, so it is always rendered afresh.
 */
const PERSONAL_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?(?:better-auth\.|pp_flash=)/;

/** Headers that describe one transfer, not the page: set again for each answer. */
const TRANSFER_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
]);

/** Below this, gzip saves too little to be worth it (the compression middleware agrees). */
const GZIP_THRESHOLD_BYTES = 1024;

export const PAGE_CACHE_HEADER = "X-Page-Cache";

function toBuffer(chunk: unknown, encoding?: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") {
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  }
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return null;
}

/**
 * A page the app itself marked shareable (publicPageHeaders: `Cache-Control: public`, sent
 * only to visitors without cookies), complete, and setting no cookie.
 */
function isShareable(res: Response): boolean {
  if (res.statusCode !== 200 || res.hasHeader("set-cookie")) return false;
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return /\bpublic\b/.test(cacheControl) && !/\b(no-store|private)\b/.test(cacheControl);
}

function sendCached(req: Request, res: Response, page: RenderedPage) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader(PAGE_CACHE_HEADER, "hit");
  res.vary("Accept-Encoding");
  let body = page.body;
  if (body.length >= GZIP_THRESHOLD_BYTES && req.acceptsEncodings("gzip", "identity") === "gzip") {
    page.gzipped ??= gzipSync(body);
    body = page.gzipped;
    // An encoded body is left alone by the compression middleware.
    res.setHeader("Content-Encoding", "gzip");
  }
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** Records what the app sends, and keeps it when the finished page is shareable. */
function captureRendering(res: Response, cache: PageCache, url: string) {
  const version = cache.pages.version();
  const headersBefore = { ...res.getHeaders() };
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.setHeader(PAGE_CACHE_HEADER, "miss");

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const buffer = toBuffer(chunk, rest[0]);
    if (buffer) chunks.push(buffer);
    return write(chunk, ...rest);
  }) as Response["write"];

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const buffer = toBuffer(chunk, rest[0]);
    if (buffer) chunks.push(buffer);
    if (isShareable(res)) {
      const headers: [string, string][] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (TRANSFER_HEADERS.has(name) || name === PAGE_CACHE_HEADER.toLowerCase()) continue;
        if (value === undefined || headersBefore[name] === value) continue;
        headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
      }
      cache.pages.write(
        url,
        { status: res.statusCode, headers, body: Buffer.concat(chunks), storedAt: Date.now() },
        version,
      );
    }
    return end(chunk, ...rest);
  }) as Response["end"];
}

/**
 * The rendered-page cache for anonymous visitors: a GET without a session or flash cookie is
 * answered from memory when this instance has rendered that URL since the last public change;
 * otherwise it is rendered, and kept if the app marked it public. Mounted after compression,
 * so it records the uncompressed page and serves a gzip made once.
 */
export function servePublicPagesFromCache(cache: PageCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || PERSONAL_COOKIE.test(req.headers.cookie ?? "")) return next();
    const url = req.originalUrl;
    const page = cache.pages.read(url);
    if (page) return sendCached(req, res, page);
    captureRendering(res, cache, url);
    next();
  };
}
