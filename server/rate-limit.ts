import type { IncomingMessage, ServerResponse } from "node:http";

import { memoryRateLimiter } from "~/lib/rate-limiter";

/** Any origin will do: only the path of the parsed URL is read. */
const PARSING_BASE = "http://path.invalid";

/**
 * The path as React Router matches it: the WHATWG URL parser's (the one the request adapter
 * builds the Request with: `\` turned to `/`, dot segments — `%2e` ones too — removed), each
 * segment percent-decoded as the router decodes it, repeated slashes as one, lower case since
 * route matching ignores case. Every spelling that reaches a route gives that route's path.
 */
export function routedPath(url: string): string {
  let pathname: string;
  try {
    // Concatenated, as @react-router/express builds the Request's URL: a path starting `//`
    // stays a path.
    pathname = new URL(`${PARSING_BASE}${url}`).pathname;
  } catch {
    return url.toLowerCase();
  }
  const decoded = pathname.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  return decoded
    .join("/")
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
}

/** The open data: the JSON API and the Atom feeds, however the path is spelled. */
export function isOpenDataPath(url: string): boolean {
  const path = routedPath(url);
  return path === "/api/v1" || path.startsWith("/api/v1/") || path.startsWith("/feeds/");
}

function refuse(res: ServerResponse, retryAfterMs: number) {
  const body = JSON.stringify({
    error: "Too many requests from this address; try again in a minute",
  });
  res.writeHead(429, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    "Cache-Control": "no-store",
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(body);
}

/** Only a path that names these letters, or spells itself with escapes, can be open data. */
const MAY_BE_OPEN_DATA = /[%\\.]|api|feeds/i;

/**
 * At most `perMinute` requests a minute per client address to the open data, counted in memory
 * per instance (the one rate-limiter interface, ~/lib/rate-limiter). server/app.ts applies it
 * before the page cache, so a cached answer costs a client its count too. The address is the
 * client's as Express sees it (the socket's, or X-Forwarded-For as far as TRUST_PROXY lets it
 * be believed). Answers 429 and true when the request is over the limit.
 */
export function openDataRateLimit(perMinute: number) {
  const limiter = memoryRateLimiter({ windowSeconds: 60, max: perMinute });
  return async (
    req: IncomingMessage & { originalUrl?: string },
    res: ServerResponse,
    address: string,
  ): Promise<boolean> => {
    const url = req.originalUrl ?? req.url ?? "/";
    if (!MAY_BE_OPEN_DATA.test(url) || !isOpenDataPath(url)) return false;
    const verdict = await limiter.consume(address);
    if (verdict.allowed) return false;
    refuse(res, verdict.retryAfterMs);
    return true;
  };
}
