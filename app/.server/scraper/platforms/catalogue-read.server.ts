import type { IncomingHttpHeaders } from "node:http";

import { UrlCapReachedError, type PageFetcher } from "../../platform/outbound/fetch-page.server";
import { MAX_OFFERS_PER_RUN, truncatedNote } from "./read-limits.server";
import type { MerchantFeedItem } from "~/lib/merchant-feed";
import type { StorefrontReading } from "~/lib/vendor-accounts";

import type { ShopOffer } from "./shop-offer.server";

/** A vendor feed's item checked on its storefront page (issue 33 Must 5). */
export interface FeedItemCheck {
  item: MerchantFeedItem;
  /** The storefront's listing that agreed, or the closest one shown beside a held item. */
  storefront: StorefrontReading | null;
  /** Why it is held; null when the storefront agreed. */
  reason: string | null;
}

/** What reading a shop's whole catalogue yielded, and whether it got to the end. */
export interface CatalogueRead {
  offers: ShopOffer[];
  /** Every URL fetched for the catalogue (robots.txt aside), in order. */
  urls: string[];
  /** False when the run's URL cap or a read limit stopped the reading before the end. */
  complete: boolean;
  warnings: string[];
  /** Where a read limit (read-limits.server.ts) cut the shop's answer: "truncated at N …". */
  truncated: string[];
  /**
   * A shop read in turns: the products read this run of the total (null: a feed that states
   * none, before its end was first reached), and where the next run goes on (the source's
   * stored cursor: a sitemap's product index, a feed's page index).
   */
  progress?: {
    read: number;
    total: number | null;
    nextCursor: number;
    /** A feed's pages read this run and in all: its runs per pass (page costs are even). */
    pages?: { read: number; total: number | null };
  };
  /** A vendor's feed: the items its storefront agreed with, and those it did not. */
  feed?: { agreed: FeedItemCheck[]; held: FeedItemCheck[] };
}

export function emptyRead(): CatalogueRead {
  return { offers: [], urls: [], complete: true, warnings: [], truncated: [] };
}

/** A read limit cut the read: noted once for the source, and the read is not complete. */
export function truncate(read: CatalogueRead, note: string): void {
  read.complete = false;
  if (!read.truncated.includes(note)) read.truncated.push(note);
}

/**
 * Adds offers up to MAX_OFFERS_PER_RUN; false (the read should stop) once the limit is
 * reached, the rest noted as truncated.
 */
export function addOffers(read: CatalogueRead, offers: ShopOffer[]): boolean {
  const room = MAX_OFFERS_PER_RUN - read.offers.length;
  for (const offer of offers.slice(0, Math.max(0, room))) read.offers.push(offer);
  if (offers.length <= room) return true;
  truncate(read, truncatedNote(MAX_OFFERS_PER_RUN, "offers this run"));
  return false;
}

/**
 * Fetches one feed URL through the run's polite fetcher and parses its JSON. The URL cap ends
 * the reading (the read is then incomplete); any other failure is the caller's.
 */
export async function fetchJson(
  fetcher: PageFetcher,
  read: CatalogueRead,
  url: string,
): Promise<{ body: unknown; headers: IncomingHttpHeaders } | "cap"> {
  if (fetcher.capReached) {
    read.complete = false;
    return "cap";
  }
  try {
    read.urls.push(url);
    const page = await fetcher.fetchPage(url);
    return { body: JSON.parse(page.body) as unknown, headers: page.headers };
  } catch (error) {
    if (error instanceof UrlCapReachedError) {
      read.complete = false;
      return "cap";
    }
    throw error;
  }
}
