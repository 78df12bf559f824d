/**
 * Nothing unverified goes live (issue 33 Must 5): a price or stock a vendor submits is checked
 * against its storefront, the offer's page read through the scraper (the polite fetcher, its
 * address guard, structured data first) by a background job, never inside the API's request
 * (issue 37 Must 2); until then the submission is "pending". When the page shows the same price and stock, the one
 * price writer stores it and the offer is marked "vendor-supplied"; otherwise the submission is
 * held, with the vendor's and the storefront's values, for an admin to approve or reject.
 */
import type { StockStatus } from "~/lib/constants";
import { sizeKey } from "~/lib/stack-line";
import {
  closestReading,
  isOnShopHost,
  storefrontAgrees,
  type StorefrontReading,
} from "~/lib/vendor-accounts";

import type { AppContext } from "../platform/context.server";
import type { Database } from "../db/client";
import type { VendorRecord } from "../data/vendor-accounts.server";
import {
  decideSubmission,
  findVendorOffer,
  getHeldSubmission,
  getPendingSubmission,
  getPeptideSizesBySlug,
  holdPendingSubmissions,
  insertSubmission,
  markVendorSupplied,
  settleSubmission,
} from "../data/vendor-submissions.server";
import { enqueueShopRead } from "./shop-read-queue.server";
import { createFetcher, scrapePage } from "../reader/scrape-page.server";
import type { PageFetcher } from "../platform/outbound/fetch-page.server";
import { commitAudited, type Audit } from "./audited-change.server";
import { adminPriceChange, saveOffer, type OfferWriter } from "./offers.server";

export interface SubmittedOffer {
  peptide: string;
  size: string;
  price: number;
  currency: string;
  stock: StockStatus;
  url: string;
}

/** What the API answers of each offer at once: its storefront is read afterwards. */
export type OfferOutcome =
  { status: "pending"; submissionId: string } | { status: "refused"; reason: string };

type SubmitContext = OfferWriter & Pick<AppContext, "env" | "baseUrl">;

interface Submitter {
  via: "api" | "feed";
  apiKeyId: string | null;
  /** Who the audit log names: the key's creator, shown as the key. */
  actor: { id: string; email: string };
}

const NO_SELECTORS = { productSelector: null, nameSelector: null, priceSelector: null };

async function readStorefront(
  app: SubmitContext,
  fetcher: PageFetcher,
  url: string,
): Promise<{ readings: StorefrontReading[]; error: string | null }> {
  try {
    const page = await scrapePage(app, fetcher, url, NO_SELECTORS);
    return {
      readings: page.listings.map((listing) => ({
        price: listing.price,
        soldOut: listing.soldOut,
      })),
      error: page.listings.length === 0 ? "the storefront page shows no price" : null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { readings: [], error: `the storefront could not be read (${message.slice(0, 200)})` };
  }
}

const stockOf = (reading: StorefrontReading | null): StockStatus | null =>
  reading ? (reading.soldOut ? "out_of_stock" : "in_stock") : null;

/** Refused at once (nothing to read), or recorded as pending for the storefront read. */
async function acceptOne(
  db: Database,
  vendor: VendorRecord,
  offer: SubmittedOffer,
  submitter: Submitter,
): Promise<OfferOutcome> {
  const sizes = await getPeptideSizesBySlug(db, offer.peptide);
  if (sizes.length === 0) return { status: "refused", reason: `Unknown peptide: ${offer.peptide}` };
  const size = sizes.find((candidate) => sizeKey(candidate.label) === sizeKey(offer.size));
  if (!size) {
    const known = sizes.map((candidate) => candidate.label).join(", ");
    return { status: "refused", reason: `Unknown size ${offer.size} (sizes: ${known})` };
  }
  if (!isOnShopHost(offer.url, vendor.website)) {
    return { status: "refused", reason: "The url must be a page of the vendor's own shop" };
  }
  const existing = await findVendorOffer(db, vendor.id, size.sizeOptionId);
  const submissionId = await insertSubmission(db, {
    vendorId: vendor.id,
    sizeOptionId: size.sizeOptionId,
    vendorPeptideId: existing?.id ?? null,
    via: submitter.via,
    apiKeyId: submitter.apiKeyId,
    price: offer.price,
    currency: offer.currency,
    stockStatus: offer.stock,
    url: offer.url,
    status: "pending",
    storefrontPrice: null,
    storefrontStock: null,
    reason: null,
  });
  return { status: "pending", submissionId };
}

type PendingSubmission = NonNullable<Awaited<ReturnType<typeof getPendingSubmission>>>;

/** Reads one pending submission's storefront: live when it agrees, otherwise held. */
async function verifyOne(
  app: SubmitContext,
  fetcher: PageFetcher,
  pending: PendingSubmission,
): Promise<void> {
  const { readings, error } = await readStorefront(app, fetcher, pending.url);
  const offer = { price: pending.price, stockStatus: pending.stockStatus as StockStatus };
  const agreeing = storefrontAgrees(offer, readings);
  if (agreeing) {
    const written = await saveOffer(app, {
      peptideId: pending.peptideId,
      vendorId: pending.vendorId,
      sizeOptionId: pending.sizeOptionId,
      price: pending.price,
      currency: pending.currency,
      source: "scraped",
      url: pending.url,
      stockStatus: offer.stockStatus,
    });
    const offerId = written.vendorPeptideId!;
    await markVendorSupplied(app.db, offerId);
    await settleSubmission(app.db, pending.id, {
      status: "live",
      vendorPeptideId: offerId,
      storefrontPrice: agreeing.price,
      storefrontStock: stockOf(agreeing),
      reason: null,
    });
    return;
  }
  const shown = closestReading(pending.price, readings);
  await settleSubmission(app.db, pending.id, {
    status: "held",
    vendorPeptideId: null,
    storefrontPrice: shown?.price ?? null,
    storefrontStock: stockOf(shown),
    reason: error ?? "the storefront shows a different price or stock",
  });
}

/** What the background read of a submission's storefronts takes (shop-read-job.server.ts). */
export interface StorefrontCheckInput {
  submissionIds: string[];
}

/**
 * Accepts a vendor's offers in order and answers at once (issue 37 Must 2: no storefront is
 * read inside the API's request): each is refused or pending, and one background read checks
 * the pending ones' storefronts. One audit entry each, committed with the submissions.
 */
export async function submitVendorOffers(
  app: SubmitContext & Pick<AppContext, "database" | "logger">,
  vendor: VendorRecord,
  offers: SubmittedOffer[],
  submitter: Submitter,
): Promise<OfferOutcome[]> {
  const outcomes = await commitAudited(app, submitter.actor, async (tx, audit) => {
    const accepted: OfferOutcome[] = [];
    for (const offer of offers) accepted.push(await acceptOne(tx, vendor, offer, submitter));
    audit(
      ...accepted.map((outcome, index) => ({
        action: "create" as const,
        entity: "vendor_submission",
        entityId: "submissionId" in outcome ? outcome.submissionId : null,
        name: vendor.name,
        details: { via: submitter.via, outcome: outcome.status, offer: offers[index] },
      })),
    );
    return accepted;
  });
  // Queued once the submissions are committed, so the read finds them.
  const submissionIds = outcomes.flatMap((o) => (o.status === "pending" ? [o.submissionId] : []));
  if (submissionIds.length > 0) {
    const input: StorefrontCheckInput = { submissionIds };
    await enqueueShopRead(app, { kind: "vendor-offers", subject: vendor.id, input });
  }
  return outcomes;
}

/** The job: reads each pending submission's storefront and puts it live or holds it. */
export async function verifyPendingSubmissions(
  app: SubmitContext,
  input: StorefrontCheckInput,
): Promise<{ ok: boolean; message: string }> {
  const fetcher = await createFetcher(app);
  let checked = 0;
  for (const id of input.submissionIds) {
    const pending = await getPendingSubmission(app.db, id);
    if (!pending) continue;
    await verifyOne(app, fetcher, pending);
    checked += 1;
  }
  return { ok: true, message: `${checked} storefront page(s) checked` };
}

/** A storefront read that will not finish: its pending submissions wait for an admin. */
export async function holdUnverifiedSubmissions(
  app: Pick<AppContext, "db">,
  input: StorefrontCheckInput,
  reason: string,
): Promise<void> {
  await holdPendingSubmissions(
    app.db,
    input.submissionIds,
    `the storefront check did not finish: ${reason}`,
  );
}

/**
 * An admin's decision on a held submission, with its audit entry in one transaction: approval
 * writes the vendor's value (a public price: the page cache is emptied once committed, and the
 * price's alerts evaluated); a rejection is seen by no visitor. False: no such held submission.
 */
export async function decideHeldSubmission(
  app: SubmitContext,
  admin: { id: string; email: string },
  id: string,
  approve: boolean,
): Promise<boolean> {
  const decide = async (tx: OfferWriter, audit: Audit) => {
    const held = await getHeldSubmission(tx.db, id);
    if (!held) return false;
    let offerId: string | null = null;
    if (approve) {
      const written = await saveOffer(tx, {
        peptideId: held.peptideId,
        vendorId: held.vendorId,
        sizeOptionId: held.sizeOptionId,
        price: held.price,
        currency: held.currency,
        source: "manual",
        url: held.url,
        stockStatus: held.stockStatus as StockStatus,
      });
      offerId = written.vendorPeptideId;
      if (offerId) await markVendorSupplied(tx.db, offerId);
    }
    await decideSubmission(tx.db, id, {
      status: approve ? "approved" : "rejected",
      by: admin.id,
      vendorPeptideId: offerId,
    });
    audit({
      action: "update",
      entity: "vendor_submission",
      entityId: id,
      name: held.vendorName,
      details: { decision: approve ? "approved" : "rejected", price: held.price },
    });
    return true;
  };
  return approve
    ? adminPriceChange(app, admin, decide)
    : commitAudited(app, admin, (tx, audit) => decide({ ...app, db: tx }, audit));
}
