import {
  FAILED_LAB_COOKIE,
  includesFailedLabOffers,
  type FailedLabValue,
} from "~/lib/failed-lab-preference";

import { readCookie, siteCookieAttributes } from "./cookies.server";

/** Whether this visitor includes offers that failed a lab test in Best Price (off by default). */
export function getIncludeFailedLabOffers(request: Request): boolean {
  return includesFailedLabOffers(readCookie(request, FAILED_LAB_COOKIE));
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie value that keeps the visitor's choice for a year. */
export function failedLabCookie(value: FailedLabValue, baseUrl: string): string {
  return `${FAILED_LAB_COOKIE}=${value}; Max-Age=${ONE_YEAR_SECONDS}; ${siteCookieAttributes(baseUrl)}`;
}
