import type { CurrencyCode } from "~/lib/constants";
import { namesMatch, parseSizeFromText, pricePerMg, type ParsedSize } from "~/lib/units";

import { notifyPriceDrops, type PriceChange } from "../alerts.server";
import type { AppContext } from "../context.server";
import { peptides, sizeOptions, vendorPeptides } from "../db/schema";
import { getReviewItem, queueReviewItem, setReviewItemStatus } from "../data/scrape-review.server";
import { findOrCreateSizeOption } from "../data/size-options.server";
import type { ScrapeSource } from "../data/scrape-sources.server";
import { upsertVendorPrice, type VendorPriceResult } from "../data/vendor-peptides.server";
import type { Listing } from "./extract.server";

/**
 * From scraped listings to live prices: each listing matched to a peptide and size, checked
 * for plausibility, then written as the vendor's price or queued for an admin's review.
 */

/** A price per mg more than this factor away from the other vendors' median waits for review. */
const SUSPICIOUS_FACTOR = 3;

type ApplyContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer">;

interface Catalogue {
  peptides: { id: string; name: string }[];
  sizes: { id: string; peptideId: string; quantity: number; unit: string }[];
  prices: { sizeOptionId: string; vendorId: string; price: number }[];
}

async function loadCatalogue(app: ApplyContext): Promise<Catalogue> {
  const [peptideRows, sizeRows, priceRows] = await Promise.all([
    app.db.select({ id: peptides.id, name: peptides.name }).from(peptides),
    app.db
      .select({
        id: sizeOptions.id,
        peptideId: sizeOptions.peptideId,
        quantity: sizeOptions.quantity,
        unit: sizeOptions.unit,
      })
      .from(sizeOptions),
    app.db
      .select({
        sizeOptionId: vendorPeptides.sizeOptionId,
        vendorId: vendorPeptides.vendorId,
        price: vendorPeptides.price,
      })
      .from(vendorPeptides),
  ]);
  return { peptides: peptideRows, sizes: sizeRows, prices: priceRows };
}

const CURRENCY_CODES: Record<string, CurrencyCode> = {
  $: "USD",
  US$: "USD",
  USD: "USD",
  "€": "EUR",
  EUR: "EUR",
  EURO: "EUR",
  "£": "GBP",
  GBP: "GBP",
};

/** The currency as our prices store it; null for one we do not list (no conversion rates). */
export function toCurrency(raw: string | null): CurrencyCode | null {
  if (raw === null) return "USD";
  return CURRENCY_CODES[raw.trim().toUpperCase()] ?? null;
}

export interface ListingMatch {
  peptideId: string | null;
  sizeOptionId: string | null;
  size: ParsedSize | null;
}

export function matchListing(
  catalogue: Pick<Catalogue, "peptides" | "sizes">,
  name: string,
): ListingMatch {
  const peptide = catalogue.peptides.find((p) => namesMatch(p.name, name));
  const size = parseSizeFromText(name);
  const option =
    peptide && size
      ? catalogue.sizes.find(
          (s) =>
            s.peptideId === peptide.id &&
            s.unit === size.unit &&
            Number(s.quantity) === size.quantity,
        )
      : undefined;
  return { peptideId: peptide?.id ?? null, sizeOptionId: option?.id ?? null, size };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Far from what the other vendors charge for the same size: likely a misread price or a wrong match. */
export function isSuspiciousPrice(
  catalogue: Catalogue,
  sizeOptionId: string,
  vendorId: string,
  price: number,
): boolean {
  const size = catalogue.sizes.find((s) => s.id === sizeOptionId);
  if (!size) return false;
  const perMg = (value: number) => pricePerMg(value, Number(size.quantity), size.unit) ?? value;
  const others = catalogue.prices
    .filter((p) => p.sizeOptionId === sizeOptionId && p.vendorId !== vendorId)
    .map((p) => perMg(p.price));
  const typical = median(others);
  if (typical === null || typical <= 0) return false;
  const ratio = perMg(price) / typical;
  return ratio > SUSPICIOUS_FACTOR || ratio < 1 / SUSPICIOUS_FACTOR;
}

export interface ApplySummary {
  updated: number;
  unchanged: number;
  queued: number;
  drops: PriceChange[];
}

/** A scraped listing's price: source 'scraped', the stock as the page shows it, a missing link keeps the stored one. */
function saveScrapedPrice(
  app: Pick<ApplyContext, "db">,
  listing: {
    vendorId: string;
    peptideId: string;
    sizeOptionId: string;
    price: number | null;
    currency: CurrencyCode;
    link: string | null;
    soldOut: boolean;
  },
): Promise<VendorPriceResult> {
  const { link, ...price } = listing;
  return upsertVendorPrice(app.db, { ...price, url: link ?? undefined, source: "scraped" });
}

/** The price change to alert about, when the write lowered an existing price. */
export function priceDrop(result: VendorPriceResult): PriceChange | null {
  return result.vendorPeptideId &&
    result.oldPrice !== null &&
    result.newPrice !== null &&
    result.newPrice < result.oldPrice
    ? {
        vendorPeptideId: result.vendorPeptideId,
        oldPrice: result.oldPrice,
        newPrice: result.newPrice,
      }
    : null;
}

export async function applyListings(
  app: ApplyContext,
  source: ScrapeSource,
  listings: Listing[],
): Promise<ApplySummary> {
  const summary: ApplySummary = { updated: 0, unchanged: 0, queued: 0, drops: [] };
  if (!source.vendorId) return summary;
  const catalogue = await loadCatalogue(app);
  for (const listing of listings) {
    const match = matchListing(catalogue, listing.name);
    const currency = toCurrency(listing.currency);
    const review = {
      sourceId: source.id,
      vendorId: source.vendorId,
      name: listing.name,
      price: listing.price,
      currency: currency ?? "USD",
      link: listing.link,
      soldOut: listing.soldOut,
      suggestedPeptideId: match.peptideId,
      suggestedSizeOptionId: match.sizeOptionId,
    };
    if (!match.peptideId || !match.sizeOptionId) {
      if (listing.price !== null) {
        await queueReviewItem(app.db, { ...review, reason: "unmatched" });
        summary.queued += 1;
      }
      continue;
    }
    const suspicious =
      currency === null ||
      (listing.price !== null &&
        isSuspiciousPrice(catalogue, match.sizeOptionId, source.vendorId, listing.price));
    if (suspicious) {
      await queueReviewItem(app.db, { ...review, reason: "suspicious" });
      summary.queued += 1;
      continue;
    }
    const result = await saveScrapedPrice(app, {
      vendorId: source.vendorId,
      peptideId: match.peptideId,
      sizeOptionId: match.sizeOptionId,
      price: listing.price,
      currency: currency ?? "USD",
      link: listing.link,
      soldOut: listing.soldOut,
    });
    if (result.changed) summary.updated += 1;
    else summary.unchanged += 1;
    const drop = priceDrop(result);
    if (drop) summary.drops.push(drop);
  }
  return summary;
}

export class ReviewApprovalError extends Error {}

/**
 * The admin's approval of a queued listing: the price goes live for the chosen peptide and
 * the size read from the listing's name (created when the peptide does not have it yet).
 */
export async function approveReviewItem(
  app: Pick<AppContext, "db" | "mailer" | "logger" | "baseUrl">,
  id: string,
  peptideId: string,
): Promise<void> {
  const item = await getReviewItem(app.db, id);
  if (!item || item.status !== "pending")
    throw new ReviewApprovalError("This review item is no longer pending");
  if (!item.vendorId) throw new ReviewApprovalError("The listing has no vendor");
  if (item.price === null) throw new ReviewApprovalError("The listing has no price");
  const size = parseSizeFromText(item.name);
  const sizeOptionId =
    peptideId === item.suggestedPeptideId && item.suggestedSizeOptionId
      ? item.suggestedSizeOptionId
      : size
        ? (
            await findOrCreateSizeOption(app.db, {
              peptideId,
              quantity: size.quantity,
              unit: size.unit,
              unitLabel: null,
            })
          ).id
        : null;
  if (!sizeOptionId) throw new ReviewApprovalError("Could not read a size from the listing name");
  const result = await saveScrapedPrice(app, {
    vendorId: item.vendorId,
    peptideId,
    sizeOptionId,
    price: item.price,
    currency: toCurrency(item.currency) ?? "USD",
    link: item.link,
    soldOut: item.soldOut,
  });
  await setReviewItemStatus(app.db, id, "approved");
  const drop = priceDrop(result);
  if (drop) await notifyPriceDrops(app, [drop]);
}
