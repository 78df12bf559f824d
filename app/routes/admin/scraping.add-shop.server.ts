/**
 * The Add-shop page's handlers: detect the shop's platform and read its whole catalogue for a
 * preview (nothing saved), act on single listings (alias, new peptide, new size), then create
 * the vendor and its shop source in one step. The route checks admin rights first.
 */
import { data, redirect } from "react-router";

import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/infra/context.server";
import { recordPublicChange } from "~/.server/data/audit.server";
import { addPeptideAlias, createPeptide, getAllPeptideNames } from "~/.server/data/peptides.server";
import { ignoreReviewListing, queueReviewItem } from "~/.server/data/scrape-review.server";
import { createScrapeSource } from "~/.server/data/scrape-sources.server";
import { findOrCreateSizeOption, getAllSizeOptions } from "~/.server/data/size-options.server";
import { createVendor } from "~/.server/data/vendors.server";
import {
  detectShopPlatform,
  readShopCatalogue,
} from "~/.server/scraper/platforms/shop-catalogue.server";
import { createFetcher } from "~/.server/scraper/scrape-page.server";
import { writeFailure } from "~/.server/http/write-errors.server";
import { failure } from "~/lib/action-result";
import {
  MAX_PREVIEW_OFFERS,
  type AddShopAction,
  type AddShopResult,
  type PreviewState,
} from "~/lib/forms/add-shop";
import { listingNameAlias } from "~/lib/listing";
import { countOutcomes, previewMatch } from "~/lib/shop-preview";
import { slugify } from "~/lib/slug";

type ShopContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache">;
type Admin = Pick<SessionUser, "id" | "email">;
type Form<I extends AddShopAction["intent"]> = Extract<AddShopAction, { intent: I }>;

const refused = (error: string, findings?: string[]) =>
  data({ ok: false as const, error, findings } satisfies AddShopResult, { status: 422 });

/** The preview with what `matchListing` makes of each offer against today's catalogue. */
async function withMatches(
  app: Pick<AppContext, "db">,
  preview: PreviewState,
  message: string,
): Promise<AddShopResult> {
  const [peptides, sizes] = await Promise.all([
    getAllPeptideNames(app.db),
    getAllSizeOptions(app.db),
  ]);
  const names = new Map(peptides.map((p) => [p.id, p.name]));
  const rows = preview.offers.map((offer) => {
    const match = previewMatch(offer.name, peptides, sizes);
    const peptideName = match.peptideId ? (names.get(match.peptideId) ?? null) : null;
    return { ...offer, ...match, peptideName };
  });
  return {
    ok: true,
    message,
    preview,
    rows,
    counts: countOutcomes(rows.map((row) => row.outcome)),
  };
}

/** Detects the platform politely and reads the whole catalogue, saving nothing. */
export async function previewShop(app: ShopContext, form: Form<"detect">) {
  const fetcher = await createFetcher(app);
  const detection = await detectShopPlatform(fetcher, form.address);
  if (!detection.kind)
    return refused("No catalogue feed or product sitemap found", detection.findings);
  let read;
  try {
    read = await readShopCatalogue(fetcher, detection.kind, detection.shopUrl);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return refused(`Reading the catalogue failed: ${reason}`, detection.findings);
  }
  const notes = read.complete ? [] : ["The per-run URL limit stopped the reading before the end"];
  return withMatches(
    app,
    {
      shopUrl: detection.shopUrl,
      kind: detection.kind,
      findings: [...detection.findings, ...notes, ...read.warnings].slice(0, 10),
      complete: read.complete,
      requests: fetcher.budget.spent,
      offers: read.offers.slice(0, MAX_PREVIEW_OFFERS),
    },
    `Found ${read.offers.length} offers`,
  );
}

/** The listing's name is kept as an alias of the peptide, so runs match it from now on. */
export async function mapListing(app: ShopContext, admin: Admin, form: Form<"map-alias">) {
  const alias = listingNameAlias(form.listing);
  if (!alias) return failure("The listing name has no peptide name to keep", 400);
  const peptide = (await getAllPeptideNames(app.db)).find((p) => p.id === form.peptide_id);
  if (!peptide) return failure("Peptide not found", 404);
  await addPeptideAlias(app.db, peptide.id, alias);
  await recordPublicChange(app, admin, {
    action: "update",
    entity: "peptide",
    entityId: peptide.id,
    name: peptide.name,
    details: { aliasAdded: alias },
  });
  return withMatches(app, form.preview, `"${alias}" now reads as ${peptide.name}`);
}

/** A new catalogue peptide named after the listing, with the listing's size. */
export async function createPeptideFromListing(
  app: ShopContext,
  admin: Admin,
  form: Form<"create-peptide">,
) {
  const name = listingNameAlias(form.listing);
  if (!name) return failure("The listing name has no peptide name to use", 400);
  const size = previewMatch(form.listing, [], []);
  let peptideId: string;
  try {
    ({ id: peptideId } = await createPeptide(app.db, {
      name,
      slug: slugify(name),
      categoryId: null,
      description: null,
      imageUrl: null,
      keyBenefits: [],
      isPopular: false,
      popularOrder: null,
    }));
    if (size.quantity !== null && size.unit !== null)
      await findOrCreateSizeOption(app.db, {
        peptideId,
        quantity: size.quantity,
        unit: size.unit,
        unitLabel: null,
      });
  } catch (error) {
    return writeFailure(
      app,
      error,
      "creating a peptide from a listing",
      `Could not create ${name}`,
    );
  }
  await recordPublicChange(app, admin, {
    action: "create",
    entity: "peptide",
    entityId: peptideId,
    name,
  });
  return withMatches(app, form.preview, `Peptide ${name} created`);
}

/** The size the listing names, added to the peptide it matched. */
export async function createSizeFromListing(
  app: ShopContext,
  admin: Admin,
  form: Form<"create-size">,
) {
  const [peptides, sizes] = await Promise.all([
    getAllPeptideNames(app.db),
    getAllSizeOptions(app.db),
  ]);
  const match = previewMatch(form.listing, peptides, sizes);
  if (
    match.outcome !== "missing_size" ||
    !match.peptideId ||
    match.quantity === null ||
    !match.unit
  )
    return failure("This listing does not name a new size of a catalogue peptide", 400);
  const size = await findOrCreateSizeOption(app.db, {
    peptideId: match.peptideId,
    quantity: match.quantity,
    unit: match.unit,
    unitLabel: null,
  });
  await recordPublicChange(app, admin, {
    action: "create",
    entity: "size_option",
    entityId: size.id,
    name: `${match.quantity} ${match.unit}`,
  });
  return withMatches(app, form.preview, `Size ${match.quantity} ${match.unit} added`);
}

/** The most common currency of the preview's offers: the vendor's own currency. */
function shopCurrency(preview: PreviewState): string {
  const counts = new Map<string, number>();
  for (const offer of preview.offers)
    if (offer.currency) counts.set(offer.currency, (counts.get(offer.currency) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "USD";
}

/** Later runs skip these listings for this vendor without a word (the review queue's "ignore"). */
async function ignoreListings(
  app: Pick<AppContext, "db">,
  ids: { vendorId: string; sourceId: string },
  preview: PreviewState,
  names: string[],
) {
  for (const name of new Set(names)) {
    const offer = preview.offers.find((o) => o.name === name);
    if (!offer) continue;
    const match = previewMatch(name, [], []);
    await queueReviewItem(app.db, {
      ...ids,
      name,
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
    await ignoreReviewListing(app.db, { vendorId: ids.vendorId, name });
  }
}

/** One step: the vendor, its shop source, and the listings to ignore on every run. */
export async function createShop(app: ShopContext, admin: Admin, form: Form<"create-shop">) {
  const { preview } = form;
  let vendorId: string;
  let sourceId: string;
  try {
    vendorId = await createVendor(app.db, {
      name: form.vendor_name,
      website: preview.shopUrl,
      logoUrl: null,
      isPreferred: false,
      shippingCost: null,
      currency: shopCurrency(preview),
      shippingFee: null,
      freeShippingThreshold: null,
      shipsTo: [],
      rating: null,
    });
    sourceId = await createScrapeSource(app.db, {
      retailerName: form.vendor_name,
      url: preview.shopUrl,
      kind: preview.kind,
      // The feed is the vendor's whole catalogue: offers that leave it count missed runs.
      pageType: "category",
      productSelector: "",
      priceSelector: "",
      nameSelector: "",
      linkSelector: null,
      soldOutSelector: null,
      paginationSelector: null,
      nextPageSelector: null,
      vendorId,
      isActive: true,
      currency: null,
    });
  } catch (error) {
    return writeFailure(app, error, "adding a shop", "Could not create the vendor and its source");
  }
  await ignoreListings(app, { vendorId, sourceId }, preview, form.ignored);
  await recordPublicChange(app, admin, {
    action: "create",
    entity: "vendor",
    entityId: vendorId,
    name: form.vendor_name,
  });
  await recordPublicChange(app, admin, {
    action: "create",
    entity: "scrape_source",
    entityId: sourceId,
    name: form.vendor_name,
    after: { url: preview.shopUrl, kind: preview.kind },
  });
  return redirect(`/admin/scraping?q=${encodeURIComponent(form.vendor_name)}`);
}
