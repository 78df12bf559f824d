/**
 * "Re-check now" on one offer (issue 33): its own page read at once through the polite fetcher
 * (robots.txt, the per-host delay, the address guard) and applied as a scrape run applies a
 * page, with the selectors and currency of the vendor's scrape source.
 */
import { formatPrice } from "~/lib/format";

import type { AppContext } from "../platform/context.server";
import { getOfferById } from "../data/offer-reports.server";
import { getScrapeSourcesOfVendor } from "../data/scrape-sources.server";
import { applyListings } from "./apply.server";
import { scrapingErrorMessage } from "./run.server";
import { createFetcher, scrapePage } from "../reader/scrape-page.server";

type RecheckContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache">;

export interface RecheckResult {
  /** The page was read and applied. */
  read: boolean;
  /** The offer's price or stock is not what it was before the read. */
  changed: boolean;
  /** What happened, in a sentence for the admin (and the report's record). */
  message: string;
}

const describe = (offer: { price: number; currency: string; stockStatus: string }) =>
  `${formatPrice(offer.price, offer.currency)}, ${offer.stockStatus.replaceAll("_", " ")}`;

export async function recheckOffer(app: RecheckContext, offerId: string): Promise<RecheckResult> {
  const before = await getOfferById(app.db, offerId);
  if (!before) return { read: false, changed: false, message: "The offer no longer exists." };
  if (!before.url) {
    return {
      read: false,
      changed: false,
      message: "The offer has no page address to read; correct it by hand.",
    };
  }
  const [source] = await getScrapeSourcesOfVendor(app.db, before.vendorId);
  if (!source) {
    return {
      read: false,
      changed: false,
      message: `${before.vendorName} has no scrape source to read its pages with; add one under Scraping or correct the offer by hand.`,
    };
  }
  try {
    const fetcher = await createFetcher(app);
    const page = await scrapePage(app, fetcher, before.url, source);
    const applied = await applyListings(app, source, page.listings, { complete: false });
    const after = (await getOfferById(app.db, offerId)) ?? before;
    const changed = after.price !== before.price || after.stockStatus !== before.stockStatus;
    const held = after.priceHeldAt !== null && before.priceHeldAt === null;
    const read = `Read ${page.listings.length} listing${page.listings.length === 1 ? "" : "s"} at ${page.url}`;
    const outcome = held
      ? "the new price waits in the scrape review (an outlier)"
      : changed
        ? `the offer changed from ${describe(before)} to ${describe(after)}`
        : `the offer is unchanged at ${describe(after)}`;
    const queued = applied.queued > 0 ? `; ${applied.queued} listing(s) queued for review` : "";
    return { read: true, changed, message: `${read}: ${outcome}${queued}.` };
  } catch (error) {
    app.logger.warn({ err: error, offerId }, "offer re-check failed");
    return { read: false, changed: false, message: scrapingErrorMessage(error) };
  }
}
