import { notifyPriceChanges } from "~/.server/alerts/notify.server";
import { currentAlertState } from "~/.server/alerts/price-alerts.server";
import { upsertPriceAlert, type PriceAlertSettings } from "~/.server/data/price-alerts.server";
import { upsertOffer } from "~/.server/data/vendor-peptides.server";
import {
  alertDeliveries,
  peptides,
  priceAlerts,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";
import type { AppContext } from "~/.server/platform/context.server";

/** The one size an alert test watches. */
export interface WatchedSize {
  peptideId: string;
  sizeOptionId: string;
}

/**
 * A peptide with one size (10 mg unless told) and, optionally, vendors to sell it, in a
 * database without demo data; answers the size and the vendors' ids in the order named.
 */
export async function seedWatchedSize(
  app: Pick<AppContext, "db">,
  peptide: { name: string; slug: string; quantity?: number },
  vendorNames: string[] = [],
): Promise<{ size: WatchedSize; vendorIds: string[] }> {
  const [row] = await app.db
    .insert(peptides)
    .values({ name: peptide.name, slug: peptide.slug })
    .returning({ id: peptides.id });
  const [size] = await app.db
    .insert(sizeOptions)
    .values({ peptideId: row!.id, quantity: peptide.quantity ?? 10, unit: "mg" })
    .returning({ id: sizeOptions.id });
  const inserted = vendorNames.length
    ? await app.db
        .insert(vendors)
        .values(vendorNames.map((name) => ({ name })))
        .returning({ id: vendors.id, name: vendors.name })
    : [];
  return {
    size: { peptideId: row!.id, sizeOptionId: size!.id },
    vendorIds: vendorNames.map((name) => inserted.find((vendor) => vendor.name === name)!.id),
  };
}

/**
 * Writes a vendor's price and stock for the size as the scraper does, then runs the one alert
 * hook every price write runs; answers the offer's id and what the hook notified.
 */
export async function writeOfferAndNotify(
  app: AppContext,
  size: WatchedSize,
  offer: { vendorId: string; price: number; soldOut: boolean; url?: string },
) {
  const result = await upsertOffer(app.db, {
    ...size,
    vendorId: offer.vendorId,
    price: offer.price,
    currency: "USD",
    url: offer.url,
    soldOut: offer.soldOut,
    source: "scraped",
  });
  const notified = await notifyPriceChanges(app, [
    {
      vendorPeptideId: result.vendorPeptideId!,
      oldPrice: result.oldPrice ?? offer.price,
      newPrice: offer.price,
    },
  ]);
  return { vendorPeptideId: result.vendorPeptideId!, notified };
}

/**
 * Saves `userId`'s alert on the size, an immediate e-mail in USD without shipping unless
 * `settings` says otherwise, in the state the current prices put it in.
 */
export async function saveSizeAlert(
  app: AppContext,
  size: WatchedSize,
  userId: string,
  settings: Pick<PriceAlertSettings, "mode" | "targetPrice"> & Partial<PriceAlertSettings>,
) {
  const full: PriceAlertSettings = {
    currency: "USD",
    includeShipping: false,
    channels: ["email"],
    webhookUrl: null,
    digest: "immediate",
    ...settings,
  };
  const { state } = await currentAlertState(app, { sizeOptionId: size.sizeOptionId, ...full });
  const saved = await upsertPriceAlert(app.db, { ...full, userId, ...size, state });
  if (saved === "full") throw new Error(`user ${userId} holds the most alerts there can be`);
  return saved;
}

/** Empties what one alert test leaves behind: the alerts, their deliveries and every offer. */
export async function clearAlertsAndOffers(app: Pick<AppContext, "db">) {
  await app.db.delete(priceAlerts);
  await app.db.delete(alertDeliveries);
  await app.db.delete(vendorPeptides);
}
