import type { IncomingMessage, ServerResponse } from "node:http";

import type { Express, NextFunction } from "express";
import proxyAddr from "proxy-addr";

import { createRequestWindow } from "~/lib/request-window";

type RequestHandler = (req: IncomingMessage, res: ServerResponse, next?: NextFunction) => void;

const WINDOW_MS = 60_000;

/** The open data: the JSON API and the Atom feeds. */
export function isOpenDataPath(url: string): boolean {
  const path = url.split("?", 1)[0]!;
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
 * At most `perMinute` requests a minute per client address to the open data. It wraps
 * Express's entry point, as the page cache does, and must be mounted after it so that it runs
 * first: a cached answer costs a client its count too. The address is Express's req.ip (the
 * socket's, or X-Forwarded-For as far as TRUST_PROXY lets Express believe it), worked out
 * here by the same proxy-addr call, before Express has seen the request. Counts are per
 * instance.
 */
export function mountOpenDataRateLimit(app: Express, perMinute: number) {
  const requests = createRequestWindow({ limit: perMinute, windowMs: WINDOW_MS });
  const dispatcher = app as unknown as { handle: RequestHandler };
  const handle = dispatcher.handle.bind(app);
  dispatcher.handle = (req, res, next) => {
    if (req.url && isOpenDataPath(req.url)) {
      const address = proxyAddr(req, app.get("trust proxy fn"));
      const verdict = requests.hit(address, Date.now());
      if (!verdict.allowed) return refuse(res, verdict.retryAfterMs);
    }
    handle(req, res, next);
  };
}
