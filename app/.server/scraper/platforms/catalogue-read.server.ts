import type { IncomingHttpHeaders } from "node:http";

import { UrlCapReachedError, type PageFetcher } from "../fetch-page.server";
import type { ShopOffer } from "./shop-offer.server";

/** What reading a shop's whole catalogue yielded, and whether it got to the end. */
export interface CatalogueRead {
  offers: ShopOffer[];
  /** Every URL fetched for the catalogue (robots.txt aside), in order. */
  urls: string[];
  /** False when the run's URL cap stopped the reading before the last page. */
  complete: boolean;
  warnings: string[];
}

export function emptyRead(): CatalogueRead {
  return { offers: [], urls: [], complete: true, warnings: [] };
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
