/** Target-price alerts: what a user can ask for, and when an alert has news. */
import { formatPrice } from "./format";
import { compareMoney } from "./money";

export const ALERT_MODES = ["below", "change", "restock"] as const;
export type AlertMode = (typeof ALERT_MODES)[number];

export const ALERT_CHANNELS = ["email", "push", "webhook"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const ALERT_DIGESTS = ["immediate", "daily"] as const;
export type AlertDigest = (typeof ALERT_DIGESTS)[number];

export const ALERT_MODE_LABELS: Record<AlertMode, string> = {
  below: "Lowest in-stock price at or below my target price",
  change: "Any change of the lowest in-stock price, up or down",
  restock: "Back in stock",
};

export const ALERT_CHANNEL_LABELS: Record<AlertChannel, string> = {
  email: "E-mail",
  push: "Browser notification",
  webhook: "Webhook (Discord, Slack, ntfy)",
};

export const ALERT_DIGEST_LABELS: Record<AlertDigest, string> = {
  immediate: "At once",
  daily: "In a daily digest",
};

/** The forms' URL limit (TEXT_LIMITS.url), held by the database as a CHECK too. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * An alert's price with what it counts, as every alert text says it (the list, the e-mail, the
 * digest, the push and the webhook): "$45.00 delivered" (the landed total, the default) or
 * "$45.00 before shipping", so no message passes a price before shipping off as the total.
 */
export function alertPriceText(price: number, currency: string, includeShipping: boolean): string {
  return `${formatPrice(price, currency)} ${includeShipping ? "delivered" : "before shipping"}`;
}

/**
 * What the alert list says of an alert's price now ("Lowest now: $45.00 delivered"): the
 * figure its last evaluation found, the one the cross-screen test holds to every other screen.
 */
export function alertNowText(alert: {
  mode: AlertMode;
  lastPrice: number | null;
  currency: string;
  includeShipping: boolean;
}): string {
  const price =
    alert.lastPrice === null
      ? null
      : alertPriceText(alert.lastPrice, alert.currency, alert.includeShipping);
  if (alert.mode === "restock")
    return `Now: ${price === null ? "out of stock" : `in stock at ${price}`}`;
  return `Lowest now: ${price ?? "none in stock"}`;
}

/** What the alert remembers between evaluations (prices in the alert's currency). */
export interface AlertState {
  /**
   * The lowest price was at or below the target at the last evaluation; for a "restock" alert,
   * something it watches could be bought.
   */
  isBelow: boolean;
  /** The lowest buyable price at the last evaluation; null when nothing could be bought. */
  lastPrice: number | null;
}

export interface AlertRule {
  mode: AlertMode;
  /** Required for "below"; ignored for "change" and "restock". */
  targetPrice: number | null;
  /** The alert's currency: prices are compared in its minor units, never as floats. */
  currency: string;
}

export interface AlertDecision {
  next: AlertState;
  /**
   * The user hears about it: a crossing below the target, a change of the lowest price, or
   * (restock) the watched size or offer becoming buyable again.
   */
  notify: boolean;
}

/**
 * One evaluation of an alert against the lowest buyable price now (null when no offer of the
 * size is in stock and fresh). "Below" fires once per crossing: when the price goes from above
 * the target (or unavailable) to at or below it; going back up re-arms it silently. "Change"
 * fires whenever a buyable lowest price differs from the one last seen, in either direction;
 * the size going unavailable is recorded without a message, so coming back is news. "Restock"
 * fires once per return: when nothing it watches could be bought and now something can; going
 * out of stock again re-arms it silently, and price moves while in stock are not news.
 */
export function decideAlert(
  rule: AlertRule,
  state: AlertState,
  lowest: number | null,
): AlertDecision {
  if (rule.mode === "restock") {
    const buyable = lowest !== null;
    return { next: { isBelow: buyable, lastPrice: lowest }, notify: buyable && !state.isBelow };
  }
  const isBelow =
    lowest !== null &&
    rule.targetPrice !== null &&
    compareMoney(lowest, rule.targetPrice, rule.currency) <= 0;
  const next: AlertState = { isBelow, lastPrice: lowest };
  if (rule.mode === "below") return { next, notify: isBelow && !state.isBelow };
  const changed =
    lowest !== null &&
    (state.lastPrice === null || compareMoney(lowest, state.lastPrice, rule.currency) !== 0);
  return { next, notify: changed };
}

export interface AlertMessageItem {
  peptideName: string;
  sizeLabel: string;
  vendorName: string;
  price: number;
  previousPrice: number | null;
  currency: string;
  mode: AlertMode;
  targetPrice: number | null;
  includeShipping: boolean;
  pageUrl: string;
}

/**
 * The JSON a webhook receives: Discord reads `content`, Slack `text`, ntfy `title`/`message`
 * (and `topic`, which ntfy needs when JSON is posted to its root: taken from `?topic=` in the URL).
 */
export interface WebhookPayload {
  topic?: string;
  content: string;
  text: string;
  title: string;
  message: string;
  click: string;
  items: AlertMessageItem[];
}

export function webhookPayload(
  title: string,
  lines: string[],
  url: string,
  items: AlertMessageItem[],
  webhookUrl?: string,
): WebhookPayload {
  const topic = webhookUrl ? new URL(webhookUrl).searchParams.get("topic") : null;
  const message = lines.join("\n");
  const content = truncate(`**${title}**\n${message}`, DISCORD_CONTENT_MAX - url.length - 1);
  return {
    ...(topic ? { topic } : {}),
    content: `${content}\n${url}`,
    text: `${title}\n${message}\n${url}`,
    title,
    message,
    click: url,
    items,
  };
}

/** Discord refuses a message whose content is longer. */
const DISCORD_CONTENT_MAX = 2000;

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
