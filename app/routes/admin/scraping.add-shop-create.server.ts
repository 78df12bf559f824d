/**
 * The Add-shop page's last step: the vendor and its shop source from a read preview, or the
 * source alone under the vendor the shop already belongs to. A second vendor for a shop that
 * has one would list every offer twice, so it is made only when asked for knowingly.
 */
import { redirect } from "react-router";

import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { recordPublicChange } from "~/.server/data/audit.server";
import { ignoreReviewListing, queueReviewItem } from "~/.server/data/scrape-review.server";
import { createScrapeSource } from "~/.server/data/scrape-sources.server";
import {
  findShopOwners,
  getAllPreviewOffers,
  type PreviewOfferRow,
} from "~/.server/data/shop-previews.server";
import { createVendor, getVendorOption } from "~/.server/data/vendors.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { failure } from "~/lib/action-result";
import type { AddShopAction } from "~/lib/forms/add-shop";
import { previewMatch } from "~/lib/shop-preview";

type ShopContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache">;
type Admin = Pick<SessionUser, "id" | "email">;
type CreateForm = Extract<AddShopAction, { intent: "create-shop" | "attach-shop" }>;
type Refusal = ReturnType<typeof failure>;
type ReadPreview = { id: string; shopUrl: string; kind: string };

/** The most common currency of the preview's offers: the vendor's own currency. */
function shopCurrency(offers: PreviewOfferRow[]): string {
  const counts = new Map<string, number>();
  for (const { offer } of offers)
    if (offer.currency) counts.set(offer.currency, (counts.get(offer.currency) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "USD";
}

/** Later runs skip these listings for this vendor without a word (the review queue's "ignore"). */
async function ignoreListings(
  app: Pick<AppContext, "db">,
  ids: { vendorId: string; sourceId: string },
  ignored: PreviewOfferRow[],
) {
  const seen = new Set<string>();
  for (const { offer } of ignored) {
    if (seen.has(offer.name)) continue;
    seen.add(offer.name);
    const match = previewMatch(offer.name, [], []);
    await queueReviewItem(app.db, {
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
    await ignoreReviewListing(app.db, { vendorId: ids.vendorId, name: offer.name });
  }
}

/** The vendor the source goes under: the chosen existing one, or a new one. */
async function sourceVendor(
  app: ShopContext,
  preview: ReadPreview,
  form: CreateForm,
  offers: PreviewOfferRow[],
): Promise<{ id: string; name: string; created: boolean } | { refused: Refusal }> {
  if (form.intent === "attach-shop") {
    const vendor = await getVendorOption(app.db, form.vendor_id);
    if (!vendor) return { refused: failure("Vendor not found", 404) };
    return { id: vendor.id, name: vendor.label, created: false };
  }
  const owners = await findShopOwners(app.db, preview.shopUrl);
  if (owners.length > 0 && !form.separate_vendor)
    return {
      refused: failure(
        `This shop already belongs to ${owners.map((o) => o.vendorName).join(", ")}: attach to the existing vendor, or tick "Create a second vendor anyway"`,
        409,
      ),
    };
  const id = await createVendor(app.db, {
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

export async function createShopSource(
  app: ShopContext,
  admin: Admin,
  preview: ReadPreview,
  form: CreateForm,
) {
  const offers = await getAllPreviewOffers(app.db, preview.id);
  let vendor: { id: string; name: string; created: boolean };
  let sourceId: string;
  try {
    const chosen = await sourceVendor(app, preview, form, offers);
    if ("refused" in chosen) return chosen.refused;
    vendor = chosen;
    sourceId = await createScrapeSource(app.db, {
      retailerName: vendor.name,
      url: preview.shopUrl,
      kind: preview.kind as "woocommerce" | "shopify" | "sitemap",
      // The feed is the vendor's whole catalogue: offers that leave it count missed runs.
      pageType: "category",
      productSelector: "",
      priceSelector: "",
      nameSelector: "",
      linkSelector: null,
      soldOutSelector: null,
      paginationSelector: null,
      nextPageSelector: null,
      vendorId: vendor.id,
      isActive: true,
      currency: null,
    });
  } catch (error) {
    return writeFailure(app, error, "adding a shop", "Could not create the vendor and its source");
  }
  await ignoreListings(
    app,
    { vendorId: vendor.id, sourceId },
    offers.filter((row) => row.ignored),
  );
  if (vendor.created)
    await recordPublicChange(app, admin, {
      action: "create",
      entity: "vendor",
      entityId: vendor.id,
      name: vendor.name,
    });
  await recordPublicChange(app, admin, {
    action: "create",
    entity: "scrape_source",
    entityId: sourceId,
    name: vendor.name,
    after: { url: preview.shopUrl, kind: preview.kind },
  });
  return redirect(`/admin/scraping?q=${encodeURIComponent(vendor.name)}`);
}
