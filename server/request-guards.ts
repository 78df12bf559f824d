import type { NextFunction, Request, Response } from "express";

import { CLIENT_IP_HEADER } from "~/.server/services/auth.server";
import {
  cookiePairs,
  decodePercentOrNull,
  expiredCookie,
} from "~/.server/platform/http/cookies.server";
import { FLASH_COOKIE, parseFlash } from "~/.server/platform/http/flash.server";
import { SIDEBAR_COOKIE_NAME } from "~/components/ui/sidebar";
import { FAILED_LAB_COOKIE, isFailedLabValue } from "~/lib/failed-lab-preference";
import { DISPLAY_CURRENCY_COOKIE } from "~/lib/money";
import { SHIP_TO_ANYWHERE, SHIP_TO_COOKIE } from "~/lib/ship-to";
import { MAX_BACKUP_BYTES } from "~/.server/services/backup.server";
import { FORM_BODY_LIMIT } from "~/.server/http/upload-form.server";
import { MAX_UPLOAD_BYTES } from "~/.server/services/uploads.server";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Multipart posts carry one file at most: its own limit plus room for the other fields. */
const UPLOAD_LIMITS: Record<string, number> = {
  "/admin/settings": MAX_BACKUP_BYTES + FORM_BODY_LIMIT,
};
const IMAGE_UPLOAD_LIMIT = MAX_UPLOAD_BYTES + FORM_BODY_LIMIT;

function mediaType(req: Request): string {
  return (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A route path without React Router's `.data` suffix (single-fetch submissions). */
function routePath(req: Request): string {
  return req.path.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
}

function bodyLimitFor(req: Request): number {
  if (mediaType(req) !== "multipart/form-data") return FORM_BODY_LIMIT;
  return UPLOAD_LIMITS[routePath(req)] ?? IMAGE_UPLOAD_LIMIT;
}

function megabytes(bytes: number): string {
  return `${Math.floor(bytes / (1024 * 1024))} MB`;
}

/**
 * Refuses an oversized body before anything parses it: a declared Content-Length over the
 * limit is answered 413 at once, and a chunked body is counted as it streams in and cut
 * (413, connection closed) the moment it passes the limit.
 */
export function limitRequestBody(req: Request, res: Response, next: NextFunction) {
  if (!STATE_CHANGING.has(req.method)) return next();
  const limit = bodyLimitFor(req);
  const refuse = () => {
    res
      .status(413)
      .set({ Connection: "close", "Cache-Control": "no-store" })
      .type("text/plain")
      .send(`The request is too large (at most ${megabytes(limit)})`);
  };
  const declared = req.get("content-length");
  if (declared !== undefined) {
    if (Number(declared) > limit) return refuse();
    return next();
  }
  if (req.get("transfer-encoding") === undefined) return next();
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) return;
    req.off("data", count);
    if (!res.headersSent) refuse();
    req.unpipe();
    req.destroy();
  };
  req.on("data", count);
  next();
}

/**
 * POST endpoints that change nothing and read no cookie (the stack optimizer): another site
 * calling them gains nothing a visitor could not get, so they answer any origin.
 */
const CROSS_SITE_READ_ONLY_POSTS = new Set(["/api/v1/stack"]);

/**
 * Refuses cross-site form posts and fetches: a browser sends Origin (or Sec-Fetch-Site)
 * on every state-changing request, and it must name this very host. An Origin that is not
 * a URL at all is refused the same way.
 */
export function sameOriginOnly(req: Request, res: Response, next: NextFunction) {
  if (!STATE_CHANGING.has(req.method)) return next();
  if (req.method === "POST" && CROSS_SITE_READ_ONLY_POSTS.has(routePath(req))) return next();
  const origin = req.get("origin");
  const crossSite = origin
    ? originHost(origin) !== req.host
    : req.get("sec-fetch-site") === "cross-site";
  if (crossSite) {
    res.status(403).type("text/plain").send("Cross-site request refused");
    return;
  }
  next();
}

function originHost(origin: string): string | null {
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  return url.protocol === "http:" || url.protocol === "https:" ? url.host : null;
}

const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Page actions read forms only; anything else (or a body of no declared type) would make
 * request.formData() throw, so it is answered 415 here (better-auth's /api endpoints take
 * JSON and are exempt).
 */
export function formsOnlyForPageActions(req: Request, res: Response, next: NextFunction) {
  if (!STATE_CHANGING.has(req.method) || req.path.startsWith("/api/")) return next();
  if (!FORM_CONTENT_TYPES.includes(mediaType(req))) {
    res
      .status(415)
      .type("text/plain")
      .send(
        "Send the form as a web form (application/x-www-form-urlencoded or multipart/form-data)",
      );
    return;
  }
  next();
}

/**
 * better-auth's rate limiter keys on this header; only the server may set it: the socket's
 * address, or X-Forwarded-For as far as TRUST_PROXY lets Express believe it.
 */
export function clientIpHeader(req: Request, _res: Response, next: NextFunction) {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
}

/** A NUL byte is never meaningful in a URL, and PostgreSQL refuses it in any text value. */
export function refuseNulInUrl(req: Request, res: Response, next: NextFunction) {
  if (/%00/.test(req.originalUrl)) {
    res.status(400).type("text/plain").send("Bad request");
    return;
  }
  next();
}

/**
 * Headers for every answer: no MIME sniffing, no framing by any site, a restrained
 * Referer, and HSTS when the site is served over https (pages add their CSP).
 */
export function securityHeaders(baseUrl: string) {
  const https = baseUrl.startsWith("https:");
  return (req: Request, res: Response, next: NextFunction) => {
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
    if (https || req.secure) {
      res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
}

/**
 * The cookies this site sets, each with the shape of a value it writes. One of another shape
 * (undecodable `%ZZ`, a currency "usd<script>", a flash that is not our JSON) was not written
 * by us: its reader already falls back to its default, and the answer expires it so the
 * browser stops sending it. A well-formed value the reader cannot use today (a currency that
 * lost its rate) is kept.
 */
const SITE_COOKIES: Readonly<Record<string, (value: string) => boolean>> = {
  [SHIP_TO_COOKIE]: (value) => value === SHIP_TO_ANYWHERE || /^[A-Z]{2}$/.test(value),
  [DISPLAY_CURRENCY_COOKIE]: (value) => /^[A-Z]{3}$/.test(value),
  [FAILED_LAB_COOKIE]: isFailedLabValue,
  [FLASH_COOKIE]: (value) => parseFlash(value) !== null,
  [SIDEBAR_COOKIE_NAME]: (value) => value === "true" || value === "false",
};

/** The site's own cookies a Cookie header carries with a value the site cannot have written. */
export function malformedSiteCookies(header: string | undefined): string[] {
  return [...cookiePairs(header)]
    .filter(([name, raw]) => {
      const wellFormed = SITE_COOKIES[name];
      if (!wellFormed) return false;
      const value = decodePercentOrNull(raw);
      return value === null || !wellFormed(value);
    })
    .map(([name]) => name);
}

/** Every answer to a request with a malformed cookie of the site expires that cookie. */
export function expireMalformedCookies(baseUrl: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    for (const name of malformedSiteCookies(req.headers.cookie)) {
      res.append("Set-Cookie", expiredCookie(name, baseUrl));
    }
    next();
  };
}
