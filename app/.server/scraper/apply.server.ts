/**
 * Applying a run's listings: match each to a catalogue peptide and size, check its price
 * against the market, and write it, hold it for review or queue it. Kept whole: the match, the
 * sanity check and the write share one listing's state in one transaction. The admin's
 * decisions on the listings held for review are services/review-queue.server.ts's.
 */
import { matchListing, type ListingMatch } from "~/lib/listing";
import { roundMoney } from "~/lib/money";
import { readVia, type PriceProvenance } from "~/lib/price-provenance";
import { priceSanityOf } from "~/lib/price-sanity";

import type { AppContext } from "../platform/context.server";
import {
  getIgnoredListingNames,
  queueReviewItem,
  type ReviewReason,
} from "../data/scrape-review.server";
import { MAX_REVIEW_ROWS_PER_RUN, truncatedNote } from "./platforms/read-limits.server";
import { countActiveSourcesOfVendor, type ScrapeSource } from "../data/scrape-sources.server";
import {
  holdScrapedPrice,
  recordMissedScrape,
  recordUnseenScrapedOffers,
} from "../data/scraped-offers.server";
import { saveOffer } from "../services/offers.server";
import {
  findListingSize,
  listingCurrency,
  loadCatalogue,
  type Catalogue,
  type CatalogueSize,
} from "../reader/catalogue-fit.server";
import type { Listing } from "../reader/extract.server";
import type { OfferImageRequest } from "./offer-images.server";
import { writePart } from "./run-writes.server";
import {
  boundedListing,
  listingFailureNote,
  noPriceNote,
  quotedName,
} from "./listing-problems.server";

/**
 * From scraped listings to live prices: each listing read by `matchListing`, given a currency,
 * checked for plausibility, then written as the vendor's price or queued for an admin's review
 * with the reason it waits.
 */

type ApplyContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache">;

export interface ApplySummary {
  updated: number;
  unchanged: number;
  queued: number;
  /** Listings an admin chose to ignore for good, skipped silently. */
  ignored: number;
  /** Offers that counted a run without a price (their price and times left as they were). */
  missed: number;
  /**
   * Offers whose new price waits in review: "price being checked" in public, and the run
   * counts as a miss for them (their old price is not confirmed).
   */
  held: number;
  /** Listings the database refused; each has its sentence among the warnings. */
  failed: number;
  /**
   * What went wrong with single listings (no price found, refused, name cut), also among the
   * warnings: the source's last result says it, so a run of them never reads as plain success.
   */
  problems: string[];
  /** Lines for the run's log: offers whose price could not be read this time. */
  warnings: string[];
  /** The image each written offer's listing named: fetched after the run (offer-images.server.ts). */
  images: OfferImageRequest[];
}

export interface ApplyOptions {
  /**
   * The run read the whole source (no URL cap or failed page on the way). Only then do
   * scraped offers the page no longer lists count a miss; default true.
   */
  complete?: boolean;
  /** The tracked run reading the listings: each price's provenance names it. */
  runId?: string | null;
}

/** A listing either goes live as the vendor's price, or waits for review with its first reason. */
type Verdict =
  | { live: true; peptideId: string; size: CatalogueSize; currency: string }
  | { live: false; reason: ReviewReason };

function verdictOf(
  match: ListingMatch,
  size: CatalogueSize | null,
  currency: string | null,
): Verdict {
  if (match.blend) return { live: false, reason: "blend" };
  if (match.form !== "vial") return { live: false, reason: "not_vial" };
  if (match.lookAlikeOf) return { live: false, reason: "look_alike" };
  if (!match.peptideId) return { live: false, reason: "unknown_peptide" };
  if (!size) return { live: false, reason: "unknown_size" };
  if (!currency) return { live: false, reason: "unknown_currency" };
  return { live: true, peptideId: match.peptideId, size, currency };
}

interface ApplyRun {
  source: ScrapeSource;
  vendorId: string;
  catalogue: Catalogue;
  summary: ApplySummary;
  seenOfferIds: Set<string>;
  /** Listings read without a price: kept offers, and listings matched to no offer. */
  unpriced: { kept: string[]; unmatched: string[] };
  /** Listings for review beyond MAX_REVIEW_ROWS_PER_RUN: not queued, counted. */
  notQueued: number;
  readAt: Date;
  runId: string | null;
}

/** How, where, when and in which run a listing's price was read (issue 31 Must 10). */
function provenanceOf(run: ApplyRun, listing: Listing): PriceProvenance {
  const read = listing.provenance ?? { via: readVia(null), url: listing.link, evidence: null };
  return {
    via: read.via,
    url: read.url && read.url.length <= 2048 ? read.url : null,
    readAt: run.readAt.toISOString(),
    runId: run.runId,
    sourceKind: run.source.kind,
    evidence: read.evidence,
  };
}

/** Names in one run-log line: a few quoted, the rest counted. */
function nameList(names: string[]): string {
  const shown = names.slice(0, 3).map(quotedName).join(", ");
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

function unpricedNotes({ kept, unmatched }: ApplyRun["unpriced"]): string[] {
  const notes: string[] = [];
  if (unmatched.length === 1) notes.push(noPriceNote(unmatched[0], false));
  else if (unmatched.length > 1)
    notes.push(`No price found for ${unmatched.length} listings: ${nameList(unmatched)}`);
  if (kept.length === 1) notes.push(noPriceNote(kept[0], true));
  else if (kept.length > 1)
    notes.push(
      `No price found for ${kept.length} listings (${nameList(kept)}); their last prices are kept`,
    );
  return notes;
}

/**
 * The amount as it is stored and compared: exactly in the currency's minor unit (11.675 KWD,
 * 4500 JPY, 24.50 USD); without a currency, to the column's 3 decimals. A price that rounds
 * to nothing is no price.
 */
function storedAmount(price: number | null, currency: string | null): number | null {
  if (price === null) return null;
  const rounded = currency ? roundMoney(price, currency) : Number(price.toFixed(3));
  return rounded > 0 ? rounded : null;
}

/**
 * One listing: written as the vendor's price, queued for review, or counted without a price.
 * `app` writes in the listing's own savepoint (writePart).
 */
async function applyListing(run: ApplyRun, read: Listing, app: ApplyContext): Promise<void> {
  const { source, vendorId, catalogue, summary, seenOfferIds } = run;
  const match = matchListing(read.name, catalogue.peptides);
  const size = match.peptideId ? findListingSize(catalogue.sizes, match.peptideId, match) : null;
  const currency = listingCurrency(read.currency) ?? source.currency ?? null;
  // The value checked, queued and written is the one stored: a change is a change of it.
  const listing = { ...read, price: storedAmount(read.price, currency) };
  let verdict = verdictOf(match, size, currency);
  const offer = size
    ? catalogue.offers.find(
        (other) =>
          other.vendorId === vendorId &&
          other.sizeOptionId === size.id &&
          other.vials === match.vials,
      )
    : undefined;
  if (offer) seenOfferIds.add(offer.id);

  if (listing.price === null) {
    // The offer was reached but no price read: only its stock and its miss count change.
    if (offer && (verdict.live || verdict.reason === "unknown_currency")) {
      await saveOffer(app, {
        vendorId,
        peptideId: offer.peptideId,
        sizeOptionId: offer.sizeOptionId,
        vials: offer.vials,
        price: null,
        currency: offer.currency,
        soldOut: listing.soldOut,
        source: "scraped",
      });
      await recordMissedScrape(app.db, offer.id);
      summary.missed += 1;
      run.unpriced.kept.push(listing.name);
    } else {
      run.unpriced.unmatched.push(listing.name);
    }
    return;
  }
  if (
    verdict.live &&
    priceSanityOf(catalogue, {
      sizeOptionId: verdict.size.id,
      vendorId,
      vials: match.vials,
      price: listing.price,
      currency: verdict.currency,
    }).verdict !== "ok"
  )
    verdict = { live: false, reason: "price_outlier" };

  if (!verdict.live) {
    // A held offer's new price is not the shop's confirmed price either way.
    if (offer && (verdict.reason === "price_outlier" || verdict.reason === "unknown_currency")) {
      await holdScrapedPrice(app.db, offer.id);
      summary.held += 1;
    }
    if (summary.queued >= MAX_REVIEW_ROWS_PER_RUN) {
      run.notQueued += 1;
      return;
    }
    const queued = await queueReviewItem(app.db, {
      sourceId: source.id,
      vendorId,
      name: listing.name,
      price: listing.price,
      currency,
      link: listing.link,
      soldOut: listing.soldOut,
      reason: verdict.reason,
      quantity: match.quantity,
      unit: match.unit,
      vials: match.vials,
      form: match.form,
      suggestedPeptideId: match.blend ? null : (match.peptideId ?? match.lookAlikeOf),
      suggestedSizeOptionId: size?.id ?? null,
      provenance: provenanceOf(run, listing),
    });
    if (queued !== "rejected-before") summary.queued += 1;
    return;
  }
  const result = await saveOffer(app, {
    vendorId,
    peptideId: verdict.peptideId,
    sizeOptionId: verdict.size.id,
    vials: match.vials,
    price: listing.price,
    currency: verdict.currency,
    url: listing.link ?? undefined,
    soldOut: listing.soldOut,
    source: "scraped",
    provenance: provenanceOf(run, listing),
  });
  if (result.vendorPeptideId) seenOfferIds.add(result.vendorPeptideId);
  if (result.vendorPeptideId && listing.imageUrl)
    summary.images.push({ offerId: result.vendorPeptideId, url: listing.imageUrl });
  if (result.changed) summary.updated += 1;
  else summary.unchanged += 1;
}

/**
 * Missed runs: a matched offer whose listing shows no price counts one miss. When a complete
 * run over a category page (the vendor's only active source, so it is where the vendor's
 * scraped offers come from) no longer lists an offer at all, that offer counts one too.
 * A listing that cannot be applied (the database refuses it) is that listing's failure, noted
 * in a sentence; the others go on.
 */
export async function applyListings(
  app: ApplyContext,
  source: ScrapeSource,
  listings: Listing[],
  options: ApplyOptions = {},
): Promise<ApplySummary> {
  const summary: ApplySummary = {
    updated: 0,
    unchanged: 0,
    queued: 0,
    ignored: 0,
    missed: 0,
    held: 0,
    failed: 0,
    problems: [],
    warnings: [],
    images: [],
  };
  const vendorId = source.vendorId;
  if (!vendorId) return summary;
  const [catalogue, ignoredNames] = await Promise.all([
    loadCatalogue(app),
    getIgnoredListingNames(app.db, vendorId),
  ]);
  const run: ApplyRun = {
    source,
    vendorId,
    catalogue,
    summary,
    seenOfferIds: new Set<string>(),
    unpriced: { kept: [], unmatched: [] },
    notQueued: 0,
    readAt: new Date(),
    runId: options.runId ?? null,
  };

  for (const scraped of listings) {
    const { listing, note } = boundedListing(scraped);
    if (note) summary.problems.push(note);
    if (ignoredNames.has(listing.name)) {
      summary.ignored += 1;
      continue;
    }
    try {
      // A listing the database refuses rolls back alone; the source's other listings go on.
      await writePart(app, (part) => applyListing(run, listing, part));
    } catch (error) {
      summary.failed += 1;
      app.logger.error(
        { err: error, sourceId: source.id, listing: quotedName(listing.name) },
        "scraped listing not applied",
      );
      summary.problems.push(listingFailureNote(listing.name, error));
    }
  }
  summary.problems.push(...unpricedNotes(run.unpriced));
  if (run.notQueued > 0)
    summary.problems.push(
      `${truncatedNote(MAX_REVIEW_ROWS_PER_RUN, "review rows this run")}: ${run.notQueued} more listing${run.notQueued === 1 ? "" : "s"} not queued`,
    );
  summary.warnings.push(...summary.problems);

  if (
    (options.complete ?? true) &&
    source.pageType === "category" &&
    listings.length > 0 &&
    (await countActiveSourcesOfVendor(app.db, vendorId)) === 1
  ) {
    const unseen = await recordUnseenScrapedOffers(app.db, vendorId, [...run.seenOfferIds]);
    if (unseen > 0) {
      summary.missed += unseen;
      summary.warnings.push(
        `${unseen} scraped offer${unseen === 1 ? " was" : "s were"} not on the page; last prices kept`,
      );
    }
  }
  return summary;
}
