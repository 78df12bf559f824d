/**
 * The one way a vendor price is written (admin dialog, inline edit, scraper, review approval):
 * the upsert keeps price_history, every written price goes to the alerts (saved-deal drops and
 * target prices, notifyPriceChanges), and the page cache is emptied so visitors see the price at
 * once (PostgreSQL's NOTIFY trigger tells the other instances; this instance's cache is emptied
 * here, which also covers PGlite).
 */
import { TEXT_LIMITS } from "~/lib/forms/fields";

import { notifyPriceChanges } from "./alerts/notify.server";
import type { AppContext } from "./context.server";
import {
  upsertVendorPrice,
  type VendorPriceInput,
  type VendorPriceResult,
} from "./data/vendor-peptides.server";

export type VendorPriceWriter = Pick<
  AppContext,
  "db" | "env" | "mailer" | "logger" | "baseUrl" | "cache"
>;

export async function saveVendorPrice(
  app: VendorPriceWriter,
  input: VendorPriceInput,
): Promise<VendorPriceResult> {
  // A scraped link longer than the column allows is not kept; the offer's previous link stays.
  const url = input.url && input.url.length > TEXT_LIMITS.url ? undefined : input.url;
  const result = await upsertVendorPrice(app.db, { ...input, url });
  if (!result.vendorPeptideId) return result;
  app.cache.clear();
  if (result.newPrice !== null) {
    // The price is saved either way; a mail failure must not turn the save into an error.
    await notifyPriceChanges(app, [
      {
        vendorPeptideId: result.vendorPeptideId,
        oldPrice: result.oldPrice ?? result.newPrice,
        newPrice: result.newPrice,
      },
    ]).catch((error: unknown) => app.logger.error({ err: error }, "price alerts failed"));
  }
  return result;
}
