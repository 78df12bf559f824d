/** Display formatting shared by server-rendered and client-rendered pages. */

import { formatDistanceStrict } from "date-fns";

import { roundToCents } from "~/lib/pricing";

const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };

// A fixed locale so the server's and the browser's output match during hydration.
const NUMBER = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Non-numbers show as an em dash rather than "$NaN". */
export function formatPrice(amount: number, currency: string | null = "USD"): string {
  if (!Number.isFinite(amount)) return "—";
  const code = (currency ?? "USD").toUpperCase();
  // Rounded first because Intl rounds the binary value, turning 1.005 into "1.00".
  const digits = NUMBER.format(roundToCents(amount));
  const symbol = SYMBOLS[code];
  return symbol ? `${symbol}${digits}` : `${code} ${digits}`;
}

/**
 * Dates show in UTC, labelled, with a fixed locale: the server and every visitor's browser,
 * whatever their time zone, render the same text, so hydration never disagrees.
 */
const UTC_DAY = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const UTC_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}T[\d:.]+$/;

/**
 * Database timestamps arrive as Date objects on the server but as ISO strings once serialised
 * to the browser; a string without a zone (a date-only expiry day) is read as UTC.
 */
function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  let date: Date;
  if (typeof value !== "string") date = value;
  else {
    const text = value.trim();
    if (DATE_ONLY.test(text)) date = new Date(`${text}T00:00:00Z`);
    else if (DATE_TIME_WITHOUT_ZONE.test(text)) date = new Date(`${text}Z`);
    else date = new Date(text);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An unreadable timestamp is treated like a missing one. */
export function formatLastScraped(date: Date | string | null): string {
  const value = toDate(date);
  return value ? `${UTC_DAY.format(value)} ${UTC_TIME.format(value)} UTC` : "Never";
}

/** The calendar day (in UTC) of a timestamp or a date-only value. */
export function formatDate(date: Date | string | null): string {
  const value = toDate(date);
  return value ? UTC_DAY.format(value) : "";
}

export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const value = toDate(date);
  if (!value) return "Never";
  if (Math.abs(now.getTime() - value.getTime()) < 60_000) return "just now";
  // Floor, so 59 minutes reads "59 minutes ago" rather than "1 hour ago".
  return formatDistanceStrict(value, now, { addSuffix: true, roundingMethod: "floor" });
}

export function usernameFromEmail(email: string | null | undefined): string {
  const name = (email ?? "").trim().split("@")[0];
  return name || "user";
}
