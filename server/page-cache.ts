import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";

import type { IncomingMessage, ServerResponse } from "node:http";

import type { RequestHandler } from "express";

import { cachedPagePolicy } from "~/.server/http/csp.server";
import type { PageCache, RenderedPage } from "~/.server/http/page-cache.server";
import { regionFromAcceptLanguage } from "~/lib/ship-to";

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

/**
 * Only a GET without cookies: a cookie may change the page (a session, a flash message, the
 * display currency…), just as publicPageHeaders marks such pages private for CDNs.
 */
function wantsCachedPage(method: string | undefined, cookie: string | undefined): boolean {
  return method === "GET" && (cookie ?? "").trim() === "";
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
function isShareable(res: ServerResponse, status = res.statusCode): boolean {
  if (status !== 200 || res.hasHeader("set-cookie")) return false;
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
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.setHeader(PAGE_CACHE_HEADER, "miss");

  const tagIfShareable = (status: number) => {
    if (!res.headersSent && !res.hasHeader("etag") && isShareable(res, status)) {
      res.setHeader("ETag", newEntityTag());
    }
  };
  // Node calls writeHead for headers sent implicitly too: the last moment to tag the page.
  res.writeHead = ((...args: unknown[]) => {
    tagIfShareable(Number(args[0]));
    return writeHead(...args);
  }) as ServerResponse["writeHead"];

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const buffer = toBuffer(chunk, rest[0]);
    if (buffer) chunks.push(buffer);
    return write(chunk, ...rest);
  }) as ServerResponse["write"];

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const buffer = toBuffer(chunk, rest[0]);
    if (buffer) chunks.push(buffer);
    // A body sent whole by end() has its headers still unsent here.
    tagIfShareable(res.statusCode);
    const entityTag = res.getHeader("etag");
    if (isShareable(res) && typeof entityTag === "string") {
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
          entityTag,
          storedAt: Date.now(),
        },
        version,
      );
    }
    return end(chunk, ...rest);
  }) as ServerResponse["end"];
}

/** A weak tag (the gzip and identity bodies differ), new for every rendering. */
function newEntityTag(): string {
  return `W/"${randomBytes(12).toString("base64url")}"`;
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

/** Headers a 304 repeats (RFC 9110 §15.4.5); the browser keeps the rest from its copy. */
const NOT_MODIFIED_HEADERS = new Set(["cache-control", "etag", "vary", "expires"]);

function sendNotModified(res: ServerResponse, page: RenderedPage) {
  const headers: Record<string, string> = { [PAGE_CACHE_HEADER]: "hit" };
  for (const [name, value] of page.headers) {
    if (NOT_MODIFIED_HEADERS.has(name)) headers[name] = value;
  }
  res.writeHead(304, headers);
  res.end();
}

/**
 * The rendered-page cache for anonymous visitors, as two ordinary middleware functions that
 * server/app.ts mounts in its one pipeline:
 *
 * - `answerFromPageCache`, early: a GET without cookies is answered from memory when this
 *   instance has rendered that URL since the last public change — with 304 when the visitor's
 *   If-None-Match names the stored page's ETag (public pages say `no-cache`, so browsers and
 *   CDNs ask every time and an admin save shows on the next reload), or with the page.
 * - `recordForPageCache`, after the compression middleware so it sees the uncompressed page:
 *   a rendering the app marked public gets a fresh ETag, and is kept when it completes. A
 *   cached page goes out as is or as a gzip made once. Headers are replayed as the app first
 *   sent them, so public pages carry no per-request header.
 */
export function answerFromPageCache(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    const page = wantsCachedPage(req.method, req.headers.cookie)
      ? cache.pages.read(pageKey(req))
      : undefined;
    if (!page) return next();
    if (page.entityTag && matchesEntityTag(req.headers["if-none-match"], page.entityTag)) {
      sendNotModified(res, page);
    } else {
      sendCached(req, res, page);
    }
  };
}

export function recordForPageCache(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    if (wantsCachedPage(req.method, req.headers.cookie)) {
      captureRendering(res, cache, pageKey(req));
    }
    next();
  };
}
