/** Display formatting shared by server-rendered and client-rendered pages. */

import { formatMoney } from "~/lib/money";
import { onFirstUse } from "~/lib/on-first-use";

/**
 * An amount as every page writes it: the money module's one rounding rule and Intl's symbol
 * ("$17.96", "€25.56", "¥3,625"). Non-numbers show as an em dash rather than "$NaN".
 */
export function formatPrice(amount: number, currency: string | null = "USD"): string {
  return formatMoney(amount, currency);
}

/**
 * Dates show in UTC, labelled, with a fixed locale: the server and every visitor's browser,
 * whatever their time zone, render the same text, so hydration never disagrees.
 */
const utcDayFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      month: "short",
      day: "numeric",
      year: "numeric",
    }),
);

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
  return value ? `${utcDay(value)} ${utcTime(value)} UTC` : "Never";
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "05:07": the time of day in UTC, 24-hour. */
function utcTime(value: Date): string {
  const twoDigits = (n: number) => String(n).padStart(2, "0");
  return `${twoDigits(value.getUTCHours())}:${twoDigits(value.getUTCMinutes())}`;
}

/** Intl's en-US day written out for four-digit years ("Nov 23, 2026"): Intl is slow per call. */
function utcDay(value: Date): string {
  const year = value.getUTCFullYear();
  if (year < 1000 || year > 9999) return utcDayFormat().format(value);
  return `${MONTHS[value.getUTCMonth()]} ${value.getUTCDate()}, ${year}`;
}

/** The calendar day (in UTC) of a timestamp or a date-only value. */
export function formatDate(date: Date | string | null): string {
  const value = toDate(date);
  return value ? utcDay(value) : "";
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A month is 30 days and a year 365, as a rough age needs no calendar. */
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

function countOf(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/**
 * The distance in its largest whole unit, floored, so 59 minutes reads "59 minutes" rather
 * than "1 hour". Plain milliseconds (no calendar or time-zone arithmetic), so the server and
 * every browser agree.
 */
function distanceInWords(milliseconds: number): string {
  if (milliseconds < MINUTE) return countOf(Math.floor(milliseconds / 1000), "second");
  if (milliseconds < HOUR) return countOf(Math.floor(milliseconds / MINUTE), "minute");
  if (milliseconds < DAY) return countOf(Math.floor(milliseconds / HOUR), "hour");
  if (milliseconds < MONTH) return countOf(Math.floor(milliseconds / DAY), "day");
  if (milliseconds < YEAR) {
    const months = Math.floor(milliseconds / MONTH);
    return months === 12 ? countOf(1, "year") : countOf(months, "month");
  }
  return countOf(Math.floor(milliseconds / YEAR), "year");
}

export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const value = toDate(date);
  if (!value) return "Never";
  const elapsed = now.getTime() - value.getTime();
  if (Math.abs(elapsed) < MINUTE) return "just now";
  const distance = distanceInWords(Math.abs(elapsed));
  return elapsed > 0 ? `${distance} ago` : `in ${distance}`;
}

export function usernameFromEmail(email: string | null | undefined): string {
  const name = (email ?? "").trim().split("@")[0];
  return name || "user";
}

/** A duration in milliseconds as a reader says it: "500 ms", "1 second", "1.5 seconds", "2 minutes", "1 hour". */
export function formatDuration(ms: number): string {
  const units: [number, string][] = [
    [3_600_000, "hour"],
    [60_000, "minute"],
    [1000, "second"],
  ];
  for (const [size, unit] of units) {
    if (ms >= size) {
      const value = Math.round((ms / size) * 10) / 10;
      return `${value.toLocaleString("en-US")} ${unit}${value === 1 ? "" : "s"}`;
    }
  }
  return `${ms} ms`;
}
