/**
 * A vendor's own product feed (Google Merchant XML/TSV, ~/lib/merchant-feed) read as a scrape
 * source of kind 'merchant_feed' by the ordinary run. What a vendor states is not taken on its
 * word (issue 33 Must 5): each item's page on the shop (same host as the feed) is read through
 * the same polite fetcher, and only items whose storefront shows the same price and stock go on
 * as listings to the one price writer; the others are held, named with both values in the
 * source's result and log. Both kinds are returned in `feed` too, and settled once the run has
 * written the listings (`settleMerchantFeed`).
 */
import { parseMerchantFeed, type MerchantFeedItem } from "~/lib/merchant-feed";
import { bareHost, closestReading, storefrontAgrees } from "~/lib/vendor-accounts";

import type { AppContext } from "../../platform/context.server";
import type { ScrapeSource } from "../../data/scrape-sources.server";
import { settleVendorFeed } from "../../services/vendor-feed.server";
import { extractListings } from "../../reader/extract.server";
import { UrlCapReachedError, type PageFetcher } from "../../platform/outbound/fetch-page.server";
import {
  addOffers,
  emptyRead,
  truncate,
  type CatalogueRead,
  type FeedItemCheck,
} from "./catalogue-read.server";

const NO_SELECTORS = { productSelector: null, nameSelector: null, priceSelector: null };

function heldNote(item: MerchantFeedItem, shown: { price: number | null } | null): string {
  const storefront = shown?.price ?? "no price";
  return `held "${item.title}": the feed says ${item.price}, the storefront shows ${storefront}`;
}

export async function readMerchantFeedCatalogue(
  fetcher: PageFetcher,
  feedUrl: string,
): Promise<CatalogueRead> {
  const read = emptyRead();
  const feed = { agreed: [] as FeedItemCheck[], held: [] as FeedItemCheck[] };
  read.feed = feed;
  read.urls.push(feedUrl);
  const page = await fetcher.fetchPage(feedUrl);
  const shopHost = bareHost(page.url);
  for (const item of parseMerchantFeed(page.body)) {
    if (bareHost(item.link) !== shopHost) {
      read.warnings.push(`skipped "${item.title}": its link is not on the feed's shop`);
      continue;
    }
    if (fetcher.capReached) {
      truncate(read, "stopped at the run's URL limit before checking every feed item");
      break;
    }
    try {
      read.urls.push(item.link);
      const storefront = await fetcher.fetchPage(item.link);
      const readings = extractListings(storefront.body, NO_SELECTORS, storefront.url).listings;
      const submitted = {
        price: item.price,
        stockStatus: item.inStock ? "in_stock" : "out_of_stock",
      } as const;
      const agreeing = storefrontAgrees(submitted, readings);
      if (!agreeing) {
        const shown = closestReading(item.price, readings);
        read.warnings.push(heldNote(item, shown));
        feed.held.push({
          item,
          storefront: shown,
          reason:
            readings.length === 0
              ? "the storefront page shows no price"
              : "the storefront shows a different price or stock",
        });
        continue;
      }
      feed.agreed.push({ item, storefront: agreeing, reason: null });
      const offer = {
        name: item.title,
        price: item.price,
        currency: item.currency,
        link: item.link,
        soldOut: !item.inStock,
        // The feed's image, else the one the storefront page names.
        imageUrl: item.imageLink ?? readings.find((reading) => reading.imageUrl)?.imageUrl ?? null,
        regularPrice: item.salePrice === null ? null : item.regularPrice,
        salePrice: item.salePrice,
      };
      if (!addOffers(read, [offer])) break;
    } catch (error) {
      if (error instanceof UrlCapReachedError) {
        truncate(read, "stopped at the run's URL limit before checking every feed item");
        break;
      }
      read.warnings.push(`held "${item.title}": its storefront page could not be read`);
      feed.held.push({ item, storefront: null, reason: "the storefront could not be read" });
    }
  }
  return read;
}

/**
 * A vendor feed's prices are the vendor's word (issue 33 Must 5): services/vendor-feed.server.ts
 * marks the agreeing ones "vendor-supplied" and files the disagreeing ones as held submissions.
 */
export async function settleMerchantFeed(
  app: Pick<AppContext, "db">,
  source: ScrapeSource,
  read: { feed?: CatalogueRead["feed"] },
): Promise<void> {
  await settleVendorFeed(app, source, read.feed);
}
