import type { ServerResponse } from "node:http";

import type { RequestHandler } from "express";

import { createRequestWindow } from "~/lib/request-window";

const WINDOW_MS = 60_000;

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

/**
 * At most `perMinute` requests a minute per client address to the open data. server/app.ts
 * mounts it before the page cache, so a cached answer costs a client its count too. The
 * address is Express's req.ip (the socket's, or X-Forwarded-For as far as TRUST_PROXY lets
 * Express believe it). Counts are per instance.
 */
export function openDataRateLimit(perMinute: number): RequestHandler {
  const requests = createRequestWindow({ limit: perMinute, windowMs: WINDOW_MS });
  return (req, res, next) => {
    if (isOpenDataPath(req.originalUrl)) {
      const verdict = requests.hit(req.ip ?? "", Date.now());
      if (!verdict.allowed) return refuse(res, verdict.retryAfterMs);
    }
    next();
  };
}
