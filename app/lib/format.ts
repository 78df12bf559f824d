/** Display formatting shared by server-rendered and client-rendered pages. */

import { format, formatDistanceStrict, parseISO } from "date-fns";

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
 * Database timestamps arrive as Date objects on the server but as strings once serialised
 * to the browser; a date-only string is read as a local calendar day, not UTC midnight.
 */
function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = typeof value === "string" ? parseISO(value) : value;
  if (!Number.isNaN(date.getTime())) return date;
  const fallback = typeof value === "string" ? new Date(value) : date;
  return Number.isNaN(fallback.getTime()) ? null : fallback;
}

/** An unreadable timestamp is treated like a missing one. */
export function formatLastScraped(date: Date | string | null): string {
  const value = toDate(date);
  return value ? format(value, "MMM d, yyyy HH:mm") : "Never";
}

export function formatDate(date: Date | string | null): string {
  const value = toDate(date);
  return value ? format(value, "MMM d, yyyy") : "";
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
