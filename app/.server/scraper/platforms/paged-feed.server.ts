import type { PageFetcher } from "../../platform/outbound/fetch-page.server";
import { addOffers, truncate, type CatalogueRead } from "./catalogue-read.server";
import { MAX_OFFERS_PER_RUN, truncatedNote } from "./read-limits.server";
import type { ShopOffer } from "./shop-offer.server";

/**
 * A catalogue feed read in turns (issue 31 Must 4): WooCommerce's Store API and Shopify's
 * products.json both page by number. A run starts at the page the source's cursor names, reads
 * as many pages as its share of the run's URL cap pays for, and stores where the next run goes
 * on; past the last page it starts again at the first, and stops before the page it began at,
 * so a catalogue of any size is read whole over a stated number of runs, no page twice in one
 * pass.
 */

export interface FeedPage {
  /** Products (a variable product counts once, however many variations) the page listed. */
  products: number;
  offers: ShopOffer[];
  /** The catalogue ends with this page (or before it: an empty page). */
  last: boolean;
  /** The catalogue's size as the feed states it or this page proves it; null: not known. */
  total: number | null;
  /** The feed's number of pages, when it states it or this page proves it. */
  totalPages: number | null;
}

/** A page was begun but the run's share ran out before it was whole: the cursor stays on it. */
export const UNFINISHED = "unfinished";

export interface PagedFeed {
  /** Reads page `page` (1-based) with whatever requests it needs. */
  readPage: (page: number) => Promise<FeedPage | typeof UNFINISHED>;
  /** Requests the next page is expected to cost: none is begun without them. */
  expectedCost: () => number;
  /** Products a full page holds. */
  pageSize: number;
  /** The catalogue's size the last full pass counted, for a feed that states none. */
  knownTotal?: number | null;
}

/**
 * Reads `feed` from page index `cursor` (0: the first page) within the fetcher's share. The
 * read is complete only when every page was read in this one run; `read.progress` says how many
 * products this run read, of how many, and the page index the next run starts at.
 */
export async function readFeedInTurns(
  fetcher: PageFetcher,
  read: CatalogueRead,
  cursor: number,
  feed: PagedFeed,
): Promise<void> {
  let from = Math.max(0, Math.floor(cursor));
  let index = from;
  let wrapped = false;
  let products = 0;
  let pagesRead = 0;
  let total: number | null = null;
  let totalPages: number | null = null;
  let whole = false;
  for (;;) {
    if (wrapped && index === from) {
      whole = true;
      break;
    }
    if (fetcher.budget.remaining < feed.expectedCost()) break;
    if (read.offers.length >= MAX_OFFERS_PER_RUN) {
      truncate(read, truncatedNote(MAX_OFFERS_PER_RUN, "offers this run"));
      break;
    }
    const page = await feed.readPage(index + 1);
    if (page === UNFINISHED) break;
    total = page.total ?? total;
    totalPages = page.totalPages ?? totalPages;
    // The cursor points past a catalogue that shrank: the pass starts over at the first page.
    if (page.products === 0 && page.last && index > 0 && products === 0) {
      from = 0;
      index = 0;
      continue;
    }
    products += page.products;
    pagesRead += 1;
    const room = addOffers(read, page.offers);
    if (page.last) {
      index = 0;
      if (from === 0 || wrapped) {
        whole = from === 0;
        break;
      }
      // Past the last page, on from the first until the page this run began at.
      wrapped = true;
    } else {
      index += 1;
    }
    // The per-run offer bound cut this page: the next run goes on after it.
    if (!room) break;
  }
  read.complete = read.complete && whole;
  const knownTotal = total ?? feed.knownTotal ?? null;
  read.progress = {
    read: products,
    total: knownTotal,
    nextCursor: index,
    pages: {
      read: pagesRead,
      total: totalPages ?? (knownTotal !== null ? Math.ceil(knownTotal / feed.pageSize) : null),
    },
  };
}
