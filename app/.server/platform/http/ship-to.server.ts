import { resolveShipTo, SHIP_TO_COOKIE } from "~/lib/ship-to";

import { readCookie, siteCookieAttributes } from "./cookies.server";

/** The visitor's destination: their cookie's choice, else their language's region, else Anywhere. */
export function getShipTo(request: Request): string | null {
  return resolveShipTo(readCookie(request, SHIP_TO_COOKIE), request.headers.get("accept-language"));
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie value that keeps the visitor's destination ("anywhere" or a code) for a year. */
export function shipToCookie(value: string, baseUrl: string): string {
  return `${SHIP_TO_COOKIE}=${encodeURIComponent(value)}; Max-Age=${ONE_YEAR_SECONDS}; ${siteCookieAttributes(baseUrl)}`;
}
