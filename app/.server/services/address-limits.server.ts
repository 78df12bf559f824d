import type { RateLimitRule } from "~/lib/rate-limiter";

import type { Database } from "../db/client";
import { databaseRateLimiter } from "../data/rate-limits.server";

/**
 * The client address as the web server saw it (socket, or the trusted proxy's X-Forwarded-For).
 * server/app.ts overwrites it on every request, so a client cannot pick its own rate-limit bucket.
 */
export const CLIENT_IP_HEADER = "x-peptideprices-client-ip";

/**
 * Per-address (client IP) limits on what makes accounts, mail or stored rows, on top of
 * better-auth's per-minute limits: an hour's window, so a slow script is held too. The address is
 * the one server/app.ts wrote into CLIENT_IP_HEADER (socket, or X-Forwarded-For under TRUST_PROXY).
 */
export const ADDRESS_LIMITS = {
  /** New accounts (the sign-up page and better-auth's endpoint alike). */
  "sign-up": { windowSeconds: 60 * 60, max: 5 },
  /** Password-reset mails asked for (forgot-password page and endpoint). */
  "password-reset": { windowSeconds: 60 * 60, max: 4 },
  /** Price alerts saved (new or re-saved from the detail page; edits of an alert are not counted). */
  alert: { windowSeconds: 60 * 60, max: 60 },
  /** "Report a problem" on offers (issue 33), signed in or not. */
  "offer-report": { windowSeconds: 60 * 60, max: 10 },
  /** Reports of published vendor reviews (issue 33), signed in or not. */
  "review-report": { windowSeconds: 60 * 60, max: 10 },
} as const satisfies Record<string, RateLimitRule>;

export type AddressLimited = keyof typeof ADDRESS_LIMITS;

/** The client's address as the server recorded it; null for calls that came from no request. */
export function clientAddress(headers: Headers): string | null {
  return headers.get(CLIENT_IP_HEADER) || null;
}

/** Counts one attempt of `what` for the request's address; false when it is over the limit. */
export async function consumeAddressLimit(
  app: { db: Database },
  request: { headers: Headers },
  what: AddressLimited,
): Promise<boolean> {
  const address = clientAddress(request.headers);
  if (!address) return true;
  const limiter = databaseRateLimiter(app.db, ADDRESS_LIMITS[what]);
  return (await limiter.consume(`address:${what}:${address}`)).allowed;
}
