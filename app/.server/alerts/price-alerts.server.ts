import { formatPrice } from "~/lib/format";
import { offerLabState } from "~/lib/lab-tests";
import {
  alertPriceText,
  decideAlert,
  webhookPayload,
  type AlertMessageItem,
  type AlertMode,
  type AlertState,
} from "~/lib/price-alerts";
import { roundMoney } from "~/lib/money";
import { couponFromColumns, priceOffer } from "~/lib/pricing";
import type { FreshnessRule } from "~/lib/freshness";
import type { ExchangeRates } from "~/lib/money";
import { formatSize } from "~/lib/units";

import type { Database } from "../db/client";
import type { AppContext } from "../platform/context.server";
import { appSecret } from "../platform/context.server";
import { getExchangeRates } from "../data/exchange-rates.server";
import {
  claimAlertState,
  listAlertedSizeOptionIds,
  listAlertsOnSizes,
  listOffersOnSizes,
  type AlertOnSize,
  type OfferOnSize,
} from "../data/price-alerts.server";
import {
  getAlertsForDigest,
  queueAlertDeliveries,
  queueDigestItems,
  takeDigestItems,
  type AlertDeliveryInput,
} from "../data/alert-deliveries.server";
import { getSettings } from "../data/settings.server";
import type { MailMessage } from "../platform/mail.server";
import type { PushMessage } from "./deliver.server";
import { signUnsubscribeToken, type UnsubscribeScope } from "./unsubscribe-token.server";

export type AlertContext = Pick<AppContext, "db" | "mailer" | "logger" | "baseUrl" | "env">;

export interface LowestOffer {
  /** Per vial, after coupon (plus shipping when the alert counts it), in the alert's currency. */
  price: number;
  vendorName: string;
  url: string | null;
}

interface PricingInputs extends FreshnessRule {
  rates: ExchangeRates;
  now: Date;
}

/**
 * The cheapest buyable offer of a size as the alert counts it: in stock and fresh, coupon
 * applied, per vial, in the alert's currency, shipping for one pack to the alert's destination
 * added when asked (the landed total; an offer whose shipping is unknown, or whose vendor does
 * not ship there, does not count then). An offer whose lab test of its size failed never
 * counts, as it is never Best Price (issue 30). Null when nothing qualifies.
 */
export function lowestOfferFor(
  alert: { currency: string; includeShipping: boolean; shipTo?: string | null },
  offers: OfferOnSize[],
  inputs: PricingInputs,
): LowestOffer | null {
  let best: LowestOffer | null = null;
  for (const offer of offers) {
    const priced = priceOffer(
      {
        price: offer.price,
        currency: offer.currency,
        vials: offer.vials,
        mgPerVial: null,
        coupon: couponFromColumns(offer),
        stockStatus: offer.stockStatus,
        missedScrapes: offer.missedScrapes,
        priceCheckedAt: offer.priceCheckedAt,
        priceHeld: offer.priceHeldAt != null,
        vendor: {
          currency: offer.vendorCurrency,
          shippingFee: offer.shippingFee,
          freeShippingThreshold: offer.freeShippingThreshold,
          shipsTo: offer.shipsTo,
        },
      },
      { displayCurrency: alert.currency, shipTo: alert.shipTo ?? null, ...inputs },
    );
    if (!priced.buyable || !priced.display) continue;
    if (offerLabState(offer.labTests ?? [], null, inputs.now).labWarning !== null) continue;
    const pack = alert.includeShipping ? priced.display.total : priced.display.priceAfterCoupon;
    if (pack === null) continue;
    const price = roundMoney(pack / Math.max(1, offer.vials), alert.currency);
    if (best === null || price < best.price)
      best = { price, vendorName: offer.vendorName, url: offer.url };
  }
  return best;
}

/** The offers an alert watches: one vendor's when a back-in-stock alert names it, else the size's. */
function watchedOffers(
  alert: { sizeOptionId: string; vendorPeptideId?: string | null },
  offers: OfferOnSize[],
): OfferOnSize[] {
  return offers.filter((offer) =>
    alert.vendorPeptideId
      ? offer.id === alert.vendorPeptideId
      : offer.sizeOptionId === alert.sizeOptionId,
  );
}

async function pricingInputs(app: Pick<AppContext, "db">): Promise<PricingInputs> {
  const [rates, settings] = await Promise.all([getExchangeRates(app.db), getSettings(app.db)]);
  return {
    rates,
    staleAfterMissedRuns: settings.staleAfterMissedRuns,
    scrapeIntervalSeconds: settings.scrapeIntervalSeconds,
    now: new Date(),
  };
}

/** The state a new or edited alert starts from: the prices now, so only a later crossing is news. */
export async function currentAlertState(
  app: Pick<AppContext, "db">,
  alert: {
    sizeOptionId: string;
    currency: string;
    includeShipping: boolean;
    shipTo?: string | null;
    mode: AlertMode;
    vendorPeptideId?: string | null;
    targetPrice: number | null;
  },
): Promise<{ state: AlertState; lowest: LowestOffer | null }> {
  const [offers, inputs] = await Promise.all([
    listOffersOnSizes(app.db, [alert.sizeOptionId]),
    pricingInputs(app),
  ]);
  const lowest = lowestOfferFor(alert, watchedOffers(alert, offers), inputs);
  const { next } = decideAlert(alert, { isBelow: false, lastPrice: null }, lowest?.price ?? null);
  return { state: next, lowest };
}

/**
 * Every alert's state set silently to the prices now, as a new alert's is (`currentAlertState`):
 * a backup restore replaces the catalogue, and the alerts' states must describe the catalogue
 * it brought back, not the edits it undid. Nothing is sent: the next change is the news.
 * Takes the restore's transaction. Returns how many alerts changed state.
 */
export async function rebaseAlertStates(db: Database): Promise<number> {
  const alerts = await listAlertsOnSizes(db, await listAlertedSizeOptionIds(db));
  if (alerts.length === 0) return 0;
  const [offers, inputs] = await Promise.all([
    listOffersOnSizes(db, [...new Set(alerts.map((alert) => alert.sizeOptionId))]),
    pricingInputs({ db }),
  ]);
  let changed = 0;
  for (const alert of alerts) {
    const lowest = lowestOfferFor(alert, watchedOffers(alert, offers), inputs);
    const fresh = { isBelow: false, lastPrice: null };
    const { next } = decideAlert(alert, fresh, lowest?.price ?? null);
    if (next.isBelow === alert.isBelow && next.lastPrice === alert.lastPrice) continue;
    const from = { isBelow: alert.isBelow, lastPrice: alert.lastPrice };
    await claimAlertState(db, { alertId: alert.id, from, to: next, notified: false });
    changed += 1;
  }
  return changed;
}

function sizeLabel(alert: Pick<AlertOnSize, "quantity" | "unit" | "unitLabel">): string {
  return formatSize(alert.quantity, alert.unit, alert.unitLabel);
}

export function unsubscribeUrl(app: Pick<AppContext, "env" | "baseUrl">, scope: UnsubscribeScope) {
  const token = signUnsubscribeToken(appSecret(app.env), scope);
  return `${app.baseUrl}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
}

function describeItem(item: AlertMessageItem): string {
  const what = `${item.peptideName} ${item.sizeLabel}`;
  const price = alertPriceText(item.price, item.currency, item.includeShipping);
  if (item.mode === "restock") return `${what} is back in stock at ${item.vendorName}: ${price}`;
  if (item.mode === "below" && item.targetPrice !== null)
    return `${what} is ${price} at ${item.vendorName} (your target: ${formatPrice(item.targetPrice, item.currency)})`;
  const was =
    item.previousPrice === null ? "" : `, was ${formatPrice(item.previousPrice, item.currency)}`;
  return `${what} is now ${price} at ${item.vendorName}${was}`;
}

function alertTitle(item: AlertMessageItem): string {
  if (item.mode === "restock")
    return `Back in stock: ${item.peptideName} ${item.sizeLabel} at ${item.vendorName}`;
  return item.mode === "below"
    ? `Price alert: ${item.peptideName} ${item.sizeLabel} is ${formatPrice(item.price, item.currency)}`
    : `Price change: ${item.peptideName} ${item.sizeLabel} is now ${formatPrice(item.price, item.currency)}`;
}

/** An e-mail with a one-click unsubscribe (RFC 8058): the link in the text and in the headers. */
function alertMail(
  app: Pick<AppContext, "env" | "baseUrl">,
  to: string,
  subject: string,
  lines: string[],
  scope: UnsubscribeScope,
): MailMessage {
  const unsubscribe = unsubscribeUrl(app, scope);
  return {
    to,
    subject,
    text: [
      ...lines,
      ``,
      `Your alerts: ${app.baseUrl}/deals`,
      ``,
      `Stop these e-mails: ${unsubscribe}`,
    ].join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * Queues one crossing of an alert that reports at once on each of its channels: the delivery
 * job sends e-mails, pushes and webhook posts alike, with the same retries.
 */
async function dispatchNow(
  app: AlertContext,
  alert: AlertOnSize,
  item: AlertMessageItem,
): Promise<void> {
  const title = alertTitle(item);
  const line = describeItem(item);
  const deliveries: AlertDeliveryInput[] = [];
  if (alert.channels.includes("email"))
    deliveries.push({
      userId: alert.userId,
      channel: "email",
      url: null,
      payload: alertMail(app, alert.email, title, [line, ``, `Compare prices: ${item.pageUrl}`], {
        kind: "alert",
        alertId: alert.id,
      }),
    });
  if (alert.channels.includes("push"))
    deliveries.push({
      userId: alert.userId,
      channel: "push",
      url: null,
      payload: { title, body: line, url: item.pageUrl } satisfies PushMessage,
    });
  if (alert.channels.includes("webhook") && alert.webhookUrl && !alert.webhookDisabledAt)
    deliveries.push({
      userId: alert.userId,
      channel: "webhook",
      url: alert.webhookUrl,
      payload: webhookPayload(title, [line], item.pageUrl, [item], alert.webhookUrl),
    });
  await queueAlertDeliveries(app.db, deliveries);
}

export interface PriceAlertSummary {
  /** Crossings queued for delivery or kept for the daily digest. */
  notified: number;
}

/**
 * Evaluates every alert on these sizes against the prices now: each crossing (or change, for
 * an alert on any change) is claimed with a compare-and-set on the alert's state, so two racing
 * evaluations notify once, then queued for delivery at once or kept for the user's daily digest.
 */
export async function checkPriceAlerts(
  app: AlertContext,
  sizeOptionIds: string[],
): Promise<PriceAlertSummary> {
  const summary: PriceAlertSummary = { notified: 0 };
  const alerts = await listAlertsOnSizes(app.db, sizeOptionIds);
  if (alerts.length === 0) return summary;
  const [offers, inputs] = await Promise.all([
    listOffersOnSizes(app.db, [...new Set(alerts.map((alert) => alert.sizeOptionId))]),
    pricingInputs(app),
  ]);
  const digestItems: { alertId: string; userId: string; item: AlertMessageItem }[] = [];
  for (const alert of alerts) {
    const lowest = lowestOfferFor(alert, watchedOffers(alert, offers), inputs);
    const from: AlertState = { isBelow: alert.isBelow, lastPrice: alert.lastPrice };
    const { next, notify } = decideAlert(alert, from, lowest?.price ?? null);
    if (next.isBelow === from.isBelow && next.lastPrice === from.lastPrice) continue;
    const claimed = await claimAlertState(app.db, {
      alertId: alert.id,
      from,
      to: next,
      notified: notify,
    });
    if (!claimed || !notify || !lowest) continue;
    const item: AlertMessageItem = {
      peptideName: alert.peptideName,
      sizeLabel: sizeLabel(alert),
      vendorName: lowest.vendorName,
      price: lowest.price,
      previousPrice: from.lastPrice,
      currency: alert.currency,
      mode: alert.mode,
      targetPrice: alert.targetPrice,
      includeShipping: alert.includeShipping,
      pageUrl: `${app.baseUrl}/peptide/${alert.peptideSlug}`,
    };
    if (alert.digest === "daily")
      digestItems.push({ alertId: alert.id, userId: alert.userId, item });
    else await dispatchNow(app, alert, item);
    summary.notified += 1;
  }
  await queueDigestItems(app.db, digestItems);
  if (summary.notified > 0) app.logger.info(summary, "price alerts queued");
  return summary;
}

/**
 * Every alert against the prices now: catches what no price write reports (a coupon or shipping
 * edit, new exchange rates, an offer going stale unseen). Crossings found are sent as usual.
 */
export async function checkAllPriceAlerts(app: AlertContext): Promise<PriceAlertSummary> {
  return checkPriceAlerts(app, await listAlertedSizeOptionIds(app.db));
}

/**
 * The daily digest: every crossing of a daily alert since the last digest, one message per
 * user and channel (one e-mail, one push, one post per webhook URL), queued for the delivery job. Items are taken as they
 * are read, so two digest runs never send one twice.
 */
export async function sendAlertDigests(app: AlertContext): Promise<{ users: number }> {
  const taken = await takeDigestItems(app.db);
  if (taken.length === 0) return { users: 0 };
  const alerts = new Map(
    (await getAlertsForDigest(app.db, [...new Set(taken.map((row) => row.alertId))])).map(
      (alert) => [alert.id, alert],
    ),
  );
  const byUser = new Map<string, typeof taken>();
  for (const row of taken) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  for (const [userId, rows] of byUser) {
    const withAlert = rows.flatMap((row) => {
      const alert = alerts.get(row.alertId);
      return alert ? [{ alert, item: row.item as AlertMessageItem }] : [];
    });
    if (withAlert.length === 0) continue;
    const title = `Your price alerts: ${withAlert.length} ${withAlert.length === 1 ? "change" : "changes"} today`;
    const lines = withAlert.map(({ item }) => `- ${describeItem(item)}`);
    const url = `${app.baseUrl}/deals`;
    const emailed = withAlert.filter(({ alert }) => alert.channels.includes("email"));
    const deliveries: AlertDeliveryInput[] = [];
    if (emailed.length > 0)
      deliveries.push({
        userId,
        channel: "email",
        url: null,
        payload: alertMail(
          app,
          emailed[0].alert.email,
          title,
          emailed.map(({ item }) => `- ${describeItem(item)}\n  ${item.pageUrl}`),
          { kind: "user", userId },
        ),
      });
    if (withAlert.some(({ alert }) => alert.channels.includes("push")))
      deliveries.push({
        userId,
        channel: "push",
        url: null,
        payload: { title, body: lines.join("\n"), url } satisfies PushMessage,
      });
    const webhookUrls = new Set(
      withAlert.flatMap(({ alert }) =>
        alert.channels.includes("webhook") && alert.webhookUrl && !alert.webhookDisabledAt
          ? [alert.webhookUrl]
          : [],
      ),
    );
    for (const webhookUrl of webhookUrls) {
      const items = withAlert.filter(({ alert }) => alert.webhookUrl === webhookUrl);
      deliveries.push({
        userId,
        channel: "webhook",
        url: webhookUrl,
        payload: webhookPayload(
          title,
          items.map(({ item }) => `- ${describeItem(item)}`),
          url,
          items.map(({ item }) => item),
          webhookUrl,
        ),
      });
    }
    await queueAlertDeliveries(app.db, deliveries);
  }
  return { users: byUser.size };
}
