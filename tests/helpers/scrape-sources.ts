import type { Database } from "~/.server/db/client";
import { vendors } from "~/.server/db/schema";
import { createScrapeSource, type ScrapeSourceInput } from "~/.server/data/scrape-sources.server";

/**
 * The selectors of the fixture site's category pages (helpers/fixture-site.ts): product cards
 * with a link and a sold-out flag, and a pager with a "next" link.
 */
export const FIXTURE_CATEGORY_SELECTORS = {
  pageType: "category",
  productSelector: ".item",
  nameSelector: ".item-name",
  priceSelector: ".item-price",
  linkSelector: "a.item-link",
  soldOutSelector: ".item-soldout",
  paginationSelector: ".pager",
  nextPageSelector: "a.next",
} as const satisfies Partial<ScrapeSourceInput>;

/**
 * A source for one product page with nothing to follow (no links, sold-out flag or pager),
 * reading `.product`, `.name` and `.price` unless told otherwise; inactive and without a vendor
 * unless `fields` says so.
 */
export function singlePageSource(
  fields: Pick<ScrapeSourceInput, "retailerName" | "url"> & Partial<ScrapeSourceInput>,
): ScrapeSourceInput {
  return {
    pageType: "single",
    productSelector: ".product",
    nameSelector: ".name",
    priceSelector: ".price",
    linkSelector: null,
    soldOutSelector: null,
    paginationSelector: null,
    nextPageSelector: null,
    vendorId: null,
    isActive: false,
    ...fields,
  };
}

/** The fixture site's product card (the category pages' `.item`) read from a single page. */
export const FIXTURE_CARD_PAGE_SELECTORS = {
  pageType: "single",
  productSelector: ".item",
  nameSelector: ".item-name",
  priceSelector: ".item-price",
  linkSelector: "a.item-link",
  soldOutSelector: null,
  paginationSelector: null,
  nextPageSelector: null,
} as const satisfies Partial<ScrapeSourceInput>;

/**
 * An active source for a vendor of its own (a fresh name each call), as the add-shop flow saves
 * a shop: no selectors, since a platform feed or sitemap is read instead. `fields` overrides
 * any of it (selectors for a page source, the retailer's name…). Returns both ids.
 */
export async function createSourceWithVendor(
  db: Database,
  fields: Pick<ScrapeSourceInput, "url"> & Partial<ScrapeSourceInput>,
): Promise<{ id: string; vendorId: string }> {
  const [vendor] = await db
    .insert(vendors)
    .values({ name: `Vendor ${crypto.randomUUID()}` })
    .returning({ id: vendors.id });
  const id = await createScrapeSource(db, {
    retailerName: "Fixture shop",
    pageType: "category",
    productSelector: "",
    nameSelector: "",
    priceSelector: "",
    linkSelector: null,
    soldOutSelector: null,
    paginationSelector: null,
    nextPageSelector: null,
    vendorId: vendor!.id,
    isActive: true,
    currency: null,
    ...fields,
  });
  return { id, vendorId: vendor!.id };
}
