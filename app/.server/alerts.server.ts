import { and, eq, inArray, isNull } from "drizzle-orm";

import { formatPrice } from "~/lib/format";
import { applyCoupon, couponFromColumns, isBuyable, roundToCents } from "~/lib/pricing";
import { formatSize } from "~/lib/units";

import type { AppContext } from "./context.server";
import { getSettings } from "./data/settings.server";
import { coupons, peptides, savedDeals, user, vendorPeptides } from "./db/schema";

export interface PriceChange {
  vendorPeptideId: string;
  oldPrice: number;
  newPrice: number;
}

export interface AlertSummary {
  sent: number;
  failed: number;
}

/**
 * After vendor prices change (scraper, admin editor): e-mails each owner of a saved deal whose
 * price, as the site shows it (coupon applied), fell by at least the threshold below the price
 * they last heard about, while the offer is in stock and fresh. The deal's last_alerted_price is claimed before sending, so one drop
 * mails once even when two callers race.
 */
export async function notifyPriceDrops(
  app: Pick<AppContext, "db" | "mailer" | "logger" | "baseUrl">,
  changes: PriceChange[],
): Promise<AlertSummary> {
  const summary: AlertSummary = { sent: 0, failed: 0 };
  const dropped = changes.filter((change) => change.newPrice < change.oldPrice);
  if (dropped.length === 0) return summary;

  const { db, logger } = app;
  const {
    priceAlertsEnabled,
    priceAlertThresholdPercent: thresholdPercent,
    staleAfterMissedRuns,
  } = await getSettings(db);
  if (!priceAlertsEnabled) return summary;

  const candidates = await db
    .select({
      dealId: savedDeals.id,
      email: user.email,
      peptideName: savedDeals.peptideName,
      peptideSlug: peptides.slug,
      vendorName: savedDeals.vendorName,
      quantity: savedDeals.quantity,
      unit: savedDeals.unit,
      currency: savedDeals.currency,
      priceAtSave: savedDeals.priceAtSave,
      lastAlertedPrice: savedDeals.lastAlertedPrice,
      price: vendorPeptides.price,
      stockStatus: vendorPeptides.stockStatus,
      missedScrapes: vendorPeptides.missedScrapes,
      url: vendorPeptides.url,
      code: coupons.code,
      discountAmount: coupons.discountAmount,
      discountType: coupons.discountType,
      expirationDate: coupons.expirationDate,
    })
    .from(savedDeals)
    .innerJoin(user, eq(user.id, savedDeals.userId))
    .innerJoin(vendorPeptides, eq(vendorPeptides.id, savedDeals.vendorPeptideId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .leftJoin(coupons, eq(coupons.vendorId, vendorPeptides.vendorId))
    .where(
      and(
        eq(savedDeals.alertEnabled, true),
        inArray(
          savedDeals.vendorPeptideId,
          dropped.map((change) => change.vendorPeptideId),
        ),
      ),
    );

  for (const deal of candidates) {
    // A drop one cannot buy (out of stock, or a price no longer seen) is no news.
    if (!isBuyable(deal, staleAfterMissedRuns)) continue;
    // The live row is the truth: a later change may already have replaced the one reported.
    const priceNow = applyCoupon(deal.price, couponFromColumns(deal));
    const reference = deal.lastAlertedPrice ?? deal.priceAtSave;
    if (reference <= 0 || priceNow > roundToCents(reference * (1 - thresholdPercent / 100)))
      continue;

    const claimed = await db
      .update(savedDeals)
      .set({ lastAlertedPrice: priceNow })
      .where(
        and(
          eq(savedDeals.id, deal.dealId),
          deal.lastAlertedPrice === null
            ? isNull(savedDeals.lastAlertedPrice)
            : eq(savedDeals.lastAlertedPrice, deal.lastAlertedPrice),
        ),
      )
      .returning({ id: savedDeals.id });
    if (claimed.length === 0) continue;

    const size =
      deal.quantity !== null && deal.unit ? ` ${formatSize(deal.quantity, deal.unit)}` : "";
    const percent = Math.round(((reference - priceNow) / reference) * 100);
    const pageUrl = `${app.baseUrl}/peptide/${deal.peptideSlug}`;
    try {
      await app.mailer.send({
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
      });
      summary.sent += 1;
    } catch (error) {
      // Hand the drop back so the next price change can try again.
      await db
        .update(savedDeals)
        .set({ lastAlertedPrice: deal.lastAlertedPrice })
        .where(eq(savedDeals.id, deal.dealId));
      summary.failed += 1;
      logger.error({ err: error, dealId: deal.dealId }, "price-drop alert could not be sent");
    }
  }
  if (summary.sent > 0) logger.info(summary, "price-drop alerts sent");
  return summary;
}
