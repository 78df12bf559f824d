import { gzipSync } from "node:zlib";

import type { IncomingMessage, ServerResponse } from "node:http";

import type { Express, NextFunction, Request, Response } from "express";

import { cachedPagePolicy } from "~/.server/csp.server";
import type { PageCache, RenderedPage } from "~/.server/page-cache.server";

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
]);

/** Below this, gzip saves too little to be worth it (the compression middleware agrees). */
const GZIP_THRESHOLD_BYTES = 1024;

export const PAGE_CACHE_HEADER = "X-Page-Cache";

type RequestHandler = (req: IncomingMessage, res: ServerResponse, next?: NextFunction) => void;

/**
 * Only a GET without cookies: a cookie may change the page (a session, a flash message, the
 * display currency…), just as publicPageHeaders marks such pages private for CDNs.
 */
function wantsCachedPage(method: string | undefined, cookie: string | undefined): boolean {
  return method === "GET" && (cookie ?? "").trim() === "";
}

function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const offers = String(acceptEncoding ?? "").toLowerCase();
  const gzip = offers.split(",").find((offer) => /^\s*(gzip|\*)\s*(;|$)/.test(offer));
  return gzip !== undefined && !/;\s*q=0(\.0*)?\s*$/.test(gzip);
}

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
function isShareable(res: ServerResponse): boolean {
  if (res.statusCode !== 200 || res.hasHeader("set-cookie")) return false;
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return /\bpublic\b/.test(cacheControl) && !/\b(no-store|private)\b/.test(cacheControl);
}

function sendCached(req: IncomingMessage, res: ServerResponse, page: RenderedPage) {
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

/** Records what the app sends, and keeps it when the finished page is shareable. */
function captureRendering(res: ServerResponse, cache: PageCache, url: string) {
  const version = cache.pages.version();
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.setHeader(PAGE_CACHE_HEADER, "miss");

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const buffer = toBuffer(chunk, rest[0]);
    if (buffer) chunks.push(buffer);
    return write(chunk, ...rest);
  }) as ServerResponse["write"];

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const buffer = toBuffer(chunk, rest[0]);
    if (buffer) chunks.push(buffer);
    if (isShareable(res)) {
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
      cache.pages.write(
        url,
        {
          status: res.statusCode,
          headers,
          body: Buffer.concat(chunks),
          renderedPolicy,
          storedAt: Date.now(),
        },
        version,
      );
    }
    return end(chunk, ...rest);
  }) as ServerResponse["end"];
}

/**
 * The rendered-page cache for anonymous visitors. A GET without cookies is answered from memory, before Express's middleware and router run, when this instance has
 * rendered that URL since the last public change; otherwise the app renders it and the page is
 * kept if the app marked it public. The recorder sits after the compression middleware, so it
 * sees the uncompressed page; a cached one goes out as is or as a gzip made once. Headers are
 * replayed as the app first sent them, so public pages carry no per-request header.
 */
export function mountPageCache(app: Express, cache: PageCache) {
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (wantsCachedPage(req.method, req.headers.cookie)) {
      captureRendering(res, cache, req.originalUrl);
    }
    next();
  });
  // Express's own entry point (what `app(req, res)` calls), private in its types.
  const dispatcher = app as unknown as { handle: RequestHandler };
  const handle = dispatcher.handle.bind(app);
  dispatcher.handle = (req, res, next) => {
    const page =
      wantsCachedPage(req.method, req.headers.cookie) && req.url
        ? cache.pages.read(req.url)
        : undefined;
    if (page) sendCached(req, res, page);
    else handle(req, res, next);
  };
}
