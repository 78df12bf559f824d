/**
 * The one way a vendor price is written (admin dialog, inline edit, scraper, review approval):
 * the upsert keeps price_history, every written price goes to the alerts (saved-deal drops and
 * target prices, notifyPriceChanges), and the page cache is emptied so visitors see the price at
 * once (PostgreSQL's NOTIFY trigger tells the other instances; this instance's cache is emptied
 * here, which also covers PGlite).
 */
import { TEXT_LIMITS } from "~/lib/text-limits";

import { notifyPriceChanges } from "../alerts/notify.server";
import type { AppContext } from "../infra/context.server";
import {
  setVendorPricesActive,
  upsertVendorPrice,
  type VendorPriceInput,
  type VendorPriceResult,
} from "../data/vendor-peptides.server";

export type VendorPriceWriter = Pick<
  AppContext,
  "db" | "env" | "mailer" | "logger" | "baseUrl" | "cache"
>;

function isKeptLink(url: string): boolean {
  if (url.length > TEXT_LIMITS.url) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

export async function saveVendorPrice(
  app: VendorPriceWriter,
  input: VendorPriceInput,
): Promise<VendorPriceResult> {
  // A link that is not http(s) (javascript:, data:) or longer than the column allows is never
  // kept; the offer's previous link stays.
  const url = input.url && !isKeptLink(input.url) ? undefined : input.url;
  const result = await upsertVendorPrice(app.db, { ...input, url });
  if (!result.vendorPeptideId) return result;
  app.cache.clear();
  if (result.newPrice !== null) {
    // The price is saved either way; a failed alert evaluation must not turn the save into an
    // error (its e-mails are only queued: the delivery job sends and retries them).
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

/**
 * Shows or hides vendor prices on the public side. The cache is emptied, and the alerts on
 * their sizes are evaluated at once: the lowest price visitors see may have moved (an offer
 * coming back below a target is a crossing, as when it comes back in stock). Returns the ids
 * that changed.
 */
export async function setVendorPricesVisible(
  app: VendorPriceWriter,
  ids: readonly string[],
  active: boolean,
): Promise<string[]> {
  const changed = await setVendorPricesActive(app.db, ids, active);
  if (changed.length === 0) return changed;
  app.cache.clear();
  // The state is saved either way; a failed alert evaluation must not turn it into an error.
  await notifyPriceChanges(
    app,
    // Same price before and after: no saved-deal drop mail, only the target-price alerts.
    changed.map((vendorPeptideId) => ({ vendorPeptideId, oldPrice: 0, newPrice: 0 })),
  ).catch((error: unknown) => app.logger.error({ err: error }, "price alerts failed"));
  return changed;
}
