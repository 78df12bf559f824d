/**
 * The one freshness rule (issue 30): whether an offer's price can still be trusted, decided the
 * same way for the public pages, the API, alerts and the admin's dashboard and Vendor Prices.
 *
 * The window is the operator's setting "Runs without a price" times the scrape interval: an
 * offer not confirmed within that many scrape intervals is stale, and so is one whose source
 * has missed it that many runs in a row (runs started by hand can come faster than the
 * interval). A stale offer is never Best Price, a Good Deal, in the market index or an alert.
 * The SQL twin is `staleOfferSql` (app/.server/data/freshness.server.ts).
 */

/** The settings the rule reads. */
export interface FreshnessRule {
  /** Runs without a price after which an offer is stale ("Runs without a price"). */
  staleAfterMissedRuns: number;
  /** How often the sources are scraped, in seconds. */
  scrapeIntervalSeconds: number;
}

/** What the rule reads of an offer: when its price was last confirmed, and missed runs. */
export interface FreshnessFacts {
  priceCheckedAt: Date | string;
  missedScrapes: number;
}

/** How long a confirmed price stays fresh, in milliseconds. */
export function freshnessWindowMs(rule: FreshnessRule): number {
  return rule.staleAfterMissedRuns * rule.scrapeIntervalSeconds * 1000;
}

/** A price last confirmed before this instant is stale at `now`. */
export function staleBefore(rule: FreshnessRule, now: Date): Date {
  return new Date(now.getTime() - freshnessWindowMs(rule));
}

/** Whether the offer is stale at `now`. A time that cannot be read is never fresh. */
export function isStale(offer: FreshnessFacts, rule: FreshnessRule, now: Date): boolean {
  if (offer.missedScrapes >= rule.staleAfterMissedRuns) return true;
  const checked = new Date(offer.priceCheckedAt).getTime();
  return !(checked >= staleBefore(rule, now).getTime());
}

const HOUR_MS = 3_600_000;

/**
 * How long ago a price was last confirmed, as a stale row says it: "last checked 32 h ago"
 * (whole hours, rounded down; days from 48 h on: "last checked 3 d ago").
 */
export function formatLastChecked(priceCheckedAt: Date | string, now: Date): string {
  return `last checked ${hoursAgo(priceCheckedAt, now)}`;
}

/** "less than 1 h ago", "32 h ago", "3 d ago": how a price's times are said everywhere. */
export function hoursAgo(at: Date | string, now: Date): string {
  const hours = Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / HOUR_MS));
  if (hours < 1) return "less than 1 h ago";
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
