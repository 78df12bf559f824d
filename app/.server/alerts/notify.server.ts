import { AsyncLocalStorage } from "node:async_hooks";

import { formatPrice } from "~/lib/format";
import { roundMoney } from "~/lib/money";
import { formatSize } from "~/lib/units";

import { getExchangeRates } from "../data/exchange-rates.server";
import { priceRow } from "../data/listings/offer-rows.server";
import { getSizeOptionIdsOfOffers } from "../data/price-alerts.server";
import { claimSavedDealAlert, listPriceDropCandidates } from "../data/saved-deals.server";
import { getSettings } from "../data/settings.server";
import { queueAlertDeliveries, type AlertDeliveryInput } from "../data/alert-deliveries.server";
import type { MailMessage } from "../platform/mail.server";
import { priceAlertPasses } from "../platform/metrics.server";
import { checkPriceAlerts, type AlertContext, type PriceAlertSummary } from "./price-alerts.server";

export interface PriceChange {
  vendorPeptideId: string;
  oldPrice: number;
  newPrice: number;
}

export interface AlertSummary {
  /** Price-drop e-mails queued for the delivery job. */
  queued: number;
}

export interface PriceChangeSummary extends AlertSummary {
  /** Target-price alerts these changes set off. */
  priceAlerts: PriceAlertSummary;
}

/** The changes a pass of writes holds back (`notifyPriceChangesAfter`); none outside one. */
const heldChanges = new AsyncLocalStorage<PriceChange[]>();

const HELD_BACK: PriceChangeSummary = { queued: 0, priceAlerts: { notified: 0 } };

/**
 * The one entry point after offers or stock change (scraper, admin editor, review
 * queue): saved-deal price-drop e-mails, then every target-price alert on the changed offers'
 * sizes. Pass every offer whose price or stock was written, not only drops: a rise re-arms an
 * alert, and an offer coming back in stock below the target is a crossing too. Inside
 * `notifyPriceChangesAfter` the changes are only collected (the summary is then all zeros).
 */
export async function notifyPriceChanges(
  app: AlertContext,
  changes: PriceChange[],
): Promise<PriceChangeSummary> {
  const held = heldChanges.getStore();
  if (held) {
    held.push(...changes);
    return HELD_BACK;
  }
  priceAlertPasses.inc();
  const drops = await notifySavedDealDrops(app, changes);
  const sizeOptionIds = await getSizeOptionIdsOfOffers(app.db, [
    ...new Set(changes.map((change) => change.vendorPeptideId)),
  ]);
  const priceAlerts = await checkPriceAlerts(app, sizeOptionIds);
  return { ...drops, priceAlerts };
}

/** One change per offer: from its first old price to its last new one. */
function mergeChanges(changes: PriceChange[]): PriceChange[] {
  const byOffer = new Map<string, PriceChange>();
  for (const change of changes) {
    const first = byOffer.get(change.vendorPeptideId);
    byOffer.set(change.vendorPeptideId, first ? { ...change, oldPrice: first.oldPrice } : change);
  }
  return [...byOffer.values()];
}

/**
 * Runs `write` holding back every price change its writes report (saveOffer reports each
 * one as it is written), then evaluates them in one pass once `write` has returned, after its
 * transaction committed: a scrape source's hundred prices are one pass, not a hundred. A write
 * that throws wrote nothing (its transaction rolled back), so nothing is evaluated. A failed
 * pass is logged: the prices are saved either way.
 */
export async function notifyPriceChangesAfter<T>(
  app: AlertContext,
  write: () => Promise<T>,
): Promise<T> {
  const changes: PriceChange[] = [];
  const result = await heldChanges.run(changes, write);
  if (changes.length > 0) {
    await notifyPriceChanges(app, mergeChanges(changes)).catch((error: unknown) =>
      app.logger.error({ err: error }, "price alerts failed"),
    );
  }
  return result;
}

/**
 * Saved deals: queues an e-mail to each owner of a saved deal whose price, as the site shows it
 * (coupon applied), fell by at least the threshold below the price they last heard about, while
 * the offer is in stock and fresh. The deal's last_alerted_price is claimed before queueing, so
 * one drop mails once even when two callers race.
 */
async function notifySavedDealDrops(
  app: AlertContext,
  changes: PriceChange[],
): Promise<AlertSummary> {
  const summary: AlertSummary = { queued: 0 };
  const dropped = changes.filter((change) => change.newPrice < change.oldPrice);
  if (dropped.length === 0) return summary;

  const { db, logger } = app;
  const {
    priceAlertsEnabled,
    priceAlertThresholdPercent: thresholdPercent,
    staleAfterMissedRuns,
    scrapeIntervalSeconds,
  } = await getSettings(db);
  if (!priceAlertsEnabled) return summary;

  const candidates = await listPriceDropCandidates(
    db,
    dropped.map((change) => change.vendorPeptideId),
  );

  const rates = await getExchangeRates(db);
  const now = new Date();
  const deliveries: AlertDeliveryInput[] = [];
  for (const deal of candidates) {
    // The live row is the truth (a later change may already have replaced the one reported),
    // priced as every screen prices it, in the deal's own currency.
    const priced = priceRow(deal.offer, {
      displayCurrency: deal.currency,
      rates,
      staleAfterMissedRuns,
      scrapeIntervalSeconds,
      now,
      shipTo: null,
    });
    // A drop one cannot buy (out of stock, or a price no longer seen) is no news.
    if (!priced?.buyable) continue;
    const priceNow = priced.priceAfterCoupon;
    const reference = deal.lastAlertedPrice ?? deal.priceAtSave;
    if (
      reference <= 0 ||
      priceNow > roundMoney(reference * (1 - thresholdPercent / 100), deal.currency)
    )
      continue;

    const claimed = await claimSavedDealAlert(db, {
      dealId: deal.dealId,
      from: deal.lastAlertedPrice,
      to: priceNow,
    });
    if (!claimed) continue;

    const size =
      deal.quantity !== null && deal.unit ? ` ${formatSize(deal.quantity, deal.unit)}` : "";
    const percent = Math.round(((reference - priceNow) / reference) * 100);
    const pageUrl = `${app.baseUrl}/peptide/${deal.peptideSlug}`;
    deliveries.push({
      userId: deal.userId,
      channel: "email",
      url: null,
      payload: {
        to: deal.email,
        subject: `Price drop: ${deal.peptideName}${size} at ${deal.vendorName} is now ${formatPrice(priceNow, deal.currency)}`,
        text: [
          `Good news: a deal you saved on PeptidePrices just got cheaper.`,
          ``,
          `${deal.peptideName}${size} from ${deal.vendorName}`,
          `Was: ${formatPrice(reference, deal.currency)}`,
          `Now: ${formatPrice(priceNow, deal.currency)} (${percent}% less)`,
          ``,
          deal.url ? `Buy: ${deal.url}` : null,
          `Compare prices: ${pageUrl}`,
          `Your saved deals: ${app.baseUrl}/deals`,
          ``,
          `You get this e-mail because the price-drop alert is on for this deal; switch it off on your Saved Deals page.`,
        ]
          .filter((line) => line !== null)
          .join("\n"),
      } satisfies MailMessage,
    });
  }
  // The drops are claimed: the e-mails wait in the queue and its retries rather than be lost.
  await queueAlertDeliveries(db, deliveries);
  summary.queued = deliveries.length;
  if (summary.queued > 0) logger.info(summary, "price-drop alerts queued");
  return summary;
}
