/**
 * The Add-shop page's writes: the catalogue entries a preview's decisions add (an alias, a
 * peptide, a size) and the last step, the vendor and its shop source (or the source alone
 * under the vendor the shop already belongs to). Each write and its audit entries commit
 * together, then the page cache is emptied. The admin handler finds the preview and its offer,
 * and turns the outcome into its answer.
 */
import type { AddShopAction } from "~/lib/forms/add-shop";
import { shopSource } from "~/lib/forms/scraping";
import { previewMatch } from "~/lib/shop-preview";
import { slugify } from "~/lib/slug";

import type { SessionUser } from "./auth.server";
import type { Database } from "../db/client";
import type { AppContext } from "../platform/context.server";
import { addPeptideAlias, createPeptide } from "../data/peptides.server";
import { ignoreReviewListing, queueReviewItem } from "../data/scrape-review.server";
import { createScrapeSource } from "../data/scrape-sources.server";
import {
  findShopOwners,
  getAllPreviewOffers,
  type PreviewOfferRow,
} from "../data/shop-previews.server";
import { findOrCreateSizeOption, type SizeInput } from "../data/size-options.server";
import { createVendor, getVendorOption } from "../data/vendors.server";
import { commitPublicChange } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db" | "cache">;
type CreateForm = Extract<AddShopAction, { intent: "create-shop" | "attach-shop" }>;
type ReadPreview = { id: string; shopUrl: string; kind: string };
type ListingSize = Pick<SizeInput, "quantity" | "unit">;

/** Keeps `alias` as another name of the peptide, so runs match the listing from now on. */
export async function addListingAlias(
  app: App,
  admin: Admin,
  peptide: { id: string; name: string },
  alias: string,
): Promise<void> {
  await commitPublicChange(app, admin, async (tx, audit) => {
    await addPeptideAlias(tx, peptide.id, alias);
    audit({
      action: "update",
      entity: "peptide",
      entityId: peptide.id,
      name: peptide.name,
      details: { aliasAdded: alias },
    });
  });
}

/** A new catalogue peptide named after a listing, with the listing's size when it names one. */
export async function createPeptideFromListing(
  app: App,
  admin: Admin,
  name: string,
  size: ListingSize | null,
): Promise<string> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const { id } = await createPeptide(tx, {
      name,
      slug: slugify(name),
      categoryId: null,
      description: null,
      imageUrl: null,
      keyBenefits: [],
      isPopular: false,
      popularOrder: null,
    });
    if (size) await findOrCreateSizeOption(tx, { peptideId: id, ...size, unitLabel: null });
    audit({ action: "create", entity: "peptide", entityId: id, name });
    return id;
  });
}

/** The size a listing names, added to the peptide it matched. */
export async function addListingSize(
  app: App,
  admin: Admin,
  size: ListingSize & { peptideId: string },
): Promise<void> {
  await commitPublicChange(app, admin, async (tx, audit) => {
    const { id } = await findOrCreateSizeOption(tx, { ...size, unitLabel: null });
    audit({
      action: "create",
      entity: "size_option",
      entityId: id,
      name: `${size.quantity} ${size.unit}`,
    });
  });
}

/** The most common currency of the preview's offers: the vendor's own currency. */
function shopCurrency(offers: PreviewOfferRow[]): string {
  const counts = new Map<string, number>();
  for (const { offer } of offers)
    if (offer.currency) counts.set(offer.currency, (counts.get(offer.currency) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "USD";
}

/** Later runs skip these listings for this vendor without a word (the review queue's "ignore"). */
async function ignoreListings(
  db: Database,
  ids: { vendorId: string; sourceId: string },
  ignored: PreviewOfferRow[],
) {
  const seen = new Set<string>();
  for (const { offer } of ignored) {
    if (seen.has(offer.name)) continue;
    seen.add(offer.name);
    const match = previewMatch(offer.name, [], []);
    await queueReviewItem(db, {
      ...ids,
      name: offer.name,
      price: offer.price,
      currency: offer.currency,
      link: offer.link,
      soldOut: offer.soldOut,
      reason: "unknown_peptide",
      quantity: match.quantity,
      unit: match.unit,
      vials: match.vials,
      form: "vial",
      suggestedPeptideId: null,
      suggestedSizeOptionId: null,
    });
    await ignoreReviewListing(db, { vendorId: ids.vendorId, name: offer.name });
  }
}

export type ShopSourceOutcome =
  | { created: { vendorName: string } }
  /** The chosen vendor is gone. */
  | "vendor-missing"
  /** The shop already belongs to these vendors and no second one was asked for. */
  | { owners: string[] };

/** The vendor the source goes under: the chosen existing one, or a new one. */
async function sourceVendor(
  tx: Database,
  preview: ReadPreview,
  form: CreateForm,
  offers: PreviewOfferRow[],
): Promise<
  { id: string; name: string; created: boolean } | Exclude<ShopSourceOutcome, { created: unknown }>
> {
  if (form.intent === "attach-shop") {
    const vendor = await getVendorOption(tx, form.vendor_id);
    if (!vendor) return "vendor-missing";
    return { id: vendor.id, name: vendor.label, created: false };
  }
  const owners = await findShopOwners(tx, preview.shopUrl);
  if (owners.length > 0 && !form.separate_vendor)
    return { owners: owners.map((owner) => owner.vendorName) };
  const id = await createVendor(tx, {
    name: form.vendor_name,
    website: preview.shopUrl,
    logoUrl: null,
    isPreferred: false,
    shippingCost: null,
    currency: shopCurrency(offers),
    shippingFee: null,
    freeShippingThreshold: null,
    shipsTo: [],
    rating: null,
  });
  return { id, name: form.vendor_name, created: true };
}

/**
 * The shop source from a read preview, under a new vendor or the chosen one; the listings the
 * admin ignored in the preview stay ignored for that vendor. A second vendor for a shop that
 * has one would list every offer twice, so it is made only when asked for knowingly.
 */
export async function createShopSource(
  app: App,
  admin: Admin,
  preview: ReadPreview,
  form: CreateForm,
): Promise<ShopSourceOutcome> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const offers = await getAllPreviewOffers(tx, preview.id);
    const vendor = await sourceVendor(tx, preview, form, offers);
    if (typeof vendor === "string" || "owners" in vendor) return vendor;
    const sourceId = await createScrapeSource(tx, {
      ...shopSource({
        retailerName: vendor.name,
        url: preview.shopUrl,
        vendorId: vendor.id,
        isActive: true,
        currency: null,
      }),
      kind: preview.kind as "woocommerce" | "shopify" | "sitemap",
    });
    await ignoreListings(
      tx,
      { vendorId: vendor.id, sourceId },
      offers.filter((row) => row.ignored),
    );
    if (vendor.created)
      audit({ action: "create", entity: "vendor", entityId: vendor.id, name: vendor.name });
    audit({
      action: "create",
      entity: "scrape_source",
      entityId: sourceId,
      name: vendor.name,
      after: { url: preview.shopUrl, kind: preview.kind },
    });
    return { created: { vendorName: vendor.name } };
  });
}
