import type { IncomingHttpHeaders } from "node:http";

import { UrlCapReachedError, type PageFetcher } from "../fetch-page.server";
import type { Listing } from "../extract.server";

/**
 * One product or variation as a shop's catalogue feed states it. `price` is what a buyer pays
 * today (the sale price when there is one), so it is what the price writer stores.
 */
export interface ShopOffer extends Listing {
  /** The price before the sale; null when the offer is not on sale. */
  regularPrice: number | null;
  /** The sale price; null when the offer is not on sale. */
  salePrice: number | null;
}

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

/** "BPC-157 – 10mg / 5 vials": the product's title with its variant's option values. */
export function offerName(
  productName: string,
  optionValues: (string | null | undefined)[],
): string {
  const values = optionValues.map((value) => value?.trim() ?? "").filter(Boolean);
  return values.length > 0 ? `${productName.trim()} – ${values.join(" / ")}` : productName.trim();
}

/** A positive amount, or null: a zero or missing price is no price. */
export function positive(amount: number | null | undefined): number | null {
  return amount !== null && amount !== undefined && Number.isFinite(amount) && amount > 0
    ? amount
    : null;
}
