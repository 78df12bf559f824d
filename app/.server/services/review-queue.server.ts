/**
 * The admin's decisions on the listings a scrape held for review: approve (the price goes
 * live), keep the listing's name as an alias, reject, ignore for good. Each decision and its
 * audit entry commit together; an approval's price alerts are evaluated after the commit and
 * the page cache is emptied once it is in. The scraper holds the listings; the admin handler
 * parses the form and turns the outcome into its answer.
 */
import { listingNameAlias } from "~/lib/listing";
import type { ReviewAction } from "~/lib/forms/scrape-review";
import { parsePriceProvenance } from "~/lib/price-provenance-schema";

import type { SessionUser } from "./auth.server";
import type { Database } from "../db/client";
import { addPeptideAlias, getPeptideById } from "../data/peptides.server";
import {
  getReviewItem,
  ignoreReviewListing,
  setReviewItemStatus,
  type ReviewItem,
} from "../data/scrape-review.server";
import { findOrCreateSizeOption, getPeptideSizeOptions } from "../data/size-options.server";
import { findListingSize } from "../reader/catalogue-fit.server";
import { commitAudited, commitPublicChange, type Audit } from "./audited-change.server";
import { adminPriceChange, saveOffer, type OfferWriter } from "./offers.server";

type Admin = Pick<SessionUser, "id" | "email">;
type Approve = Extract<ReviewAction, { intent: "approve-review" }>;

/** A review action that cannot go ahead; the status is the HTTP answer's. */
export class ReviewApprovalError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409 = 409,
  ) {
    super(message);
  }
}

async function requirePeptide(db: Database, peptideId: string): Promise<void> {
  if (!(await getPeptideById(db, peptideId)))
    throw new ReviewApprovalError("Peptide not found", 404);
}

async function pendingItem(db: Database, id: string): Promise<ReviewItem> {
  const item = await getReviewItem(db, id);
  if (!item) throw new ReviewApprovalError("Review item not found", 404);
  if (item.status !== "pending")
    throw new ReviewApprovalError("This review item is no longer pending");
  return item;
}

/** The size the admin gave, else the listing's; the peptide's own, added when it lacks it. */
async function chosenSizeOptionId(
  db: Database,
  item: ReviewItem,
  decision: Approve,
): Promise<string> {
  const quantity = decision.quantity ?? item.quantity;
  const unit = decision.unit ?? item.unit;
  if (quantity === null || !(quantity > 0) || (unit !== "mg" && unit !== "IU" && unit !== "ml"))
    throw new ReviewApprovalError("Could not read a size from the listing name; enter one");
  const sizes = await getPeptideSizeOptions(db, decision.peptide_id);
  const existing = findListingSize(sizes, decision.peptide_id, { quantity, unit });
  if (existing) return existing.id;
  const created = await findOrCreateSizeOption(db, {
    peptideId: decision.peptide_id,
    quantity,
    unit,
    unitLabel: null,
  });
  return created.id;
}

/**
 * The approval of a queued listing: the price goes live for the chosen peptide and size
 * (created when the peptide does not have it yet), for this item's vendor only.
 */
async function approve(tx: OfferWriter, decision: Approve): Promise<void> {
  const item = await pendingItem(tx.db, decision.id);
  if (!item.vendorId) throw new ReviewApprovalError("The listing has no vendor");
  if (item.price === null) throw new ReviewApprovalError("The listing has no price");
  const currency = decision.currency ?? item.currency;
  if (!currency) throw new ReviewApprovalError("Choose the currency of this price");
  await requirePeptide(tx.db, decision.peptide_id);
  const sizeOptionId = await chosenSizeOptionId(tx.db, item, decision);
  if (decision.add_alias)
    await addPeptideAlias(tx.db, decision.peptide_id, listingNameAlias(item.name));
  if (!(await setReviewItemStatus(tx.db, item.id, "approved")))
    throw new ReviewApprovalError("This review item is no longer pending");
  await saveOffer(tx, {
    vendorId: item.vendorId,
    peptideId: decision.peptide_id,
    sizeOptionId,
    vials: decision.vials ?? item.vials,
    price: item.price,
    currency,
    url: item.link ?? undefined,
    soldOut: item.soldOut,
    source: "scraped",
    // The approved price keeps the read it came from.
    provenance: parsePriceProvenance(item.provenance) ?? undefined,
  });
}

/** Keeps the listing's name as an alias of the peptide; the item stays for a decision. */
async function keepAlias(db: Database, id: string, peptideId: string): Promise<string> {
  const item = await pendingItem(db, id);
  await requirePeptide(db, peptideId);
  const alias = listingNameAlias(item.name);
  if (!alias) throw new ReviewApprovalError("The listing name has no peptide name to keep");
  await addPeptideAlias(db, peptideId, alias);
  return alias;
}

async function reject(db: Database, id: string): Promise<void> {
  await pendingItem(db, id);
  if (!(await setReviewItemStatus(db, id, "rejected")))
    throw new ReviewApprovalError("This review item is no longer pending");
}

/** Later runs skip this vendor's listing of that name without a word. */
async function ignore(db: Database, id: string): Promise<void> {
  await ignoreReviewListing(db, await pendingItem(db, id));
}

/** The log keeps the decision as the admin posted it. */
function auditDecision(audit: Audit, action: ReviewAction) {
  audit({ action: "update", entity: "scrape_review", entityId: action.id, details: action });
}

/**
 * Carries out the admin's decision on a held listing; the alias kept for "alias-review", else
 * null. Throws ReviewApprovalError (nothing written, nothing logged) when it cannot go ahead.
 */
export async function decideReviewItem(
  app: OfferWriter,
  admin: Admin,
  action: ReviewAction,
): Promise<string | null> {
  switch (action.intent) {
    case "approve-review":
      await adminPriceChange(app, admin, async (tx, audit) => {
        await approve(tx, action);
        auditDecision(audit, action);
      });
      return null;
    case "alias-review":
      // An alias changes what the public search finds: the cache is emptied.
      return commitPublicChange(app, admin, async (tx, audit) => {
        const alias = await keepAlias(tx, action.id, action.peptide_id);
        auditDecision(audit, action);
        return alias;
      });
    case "reject-review":
    case "ignore-review":
      await commitAudited(app, admin, async (tx, audit) => {
        await (action.intent === "reject-review" ? reject : ignore)(tx, action.id);
        auditDecision(audit, action);
      });
      return null;
  }
}
