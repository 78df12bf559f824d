/**
 * The Add-shop page's handlers. Detection and the preview run as a background job: the
 * request only queues it (no shop is read inside a request), the page shows its progress and
 * then the offers it read, a page at a time. Each decision posts one offer's id and acts on
 * the stored offer; the create makes the vendor (or attaches to the one the shop already
 * belongs to) and its shop source. The route checks admin rights first.
 */
import { data, redirect } from "react-router";

import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getAllPeptideNames } from "~/.server/data/peptides.server";
import {
  countPreviewOutcomes,
  findShopOwners,
  getPreviewOffer,
  getPreviewOfferPage,
  setPreviewOfferIgnored,
  type PreviewOfferRow,
  type ShopPreviewRecord,
} from "~/.server/data/shop-previews.server";
import { getAllSizeOptions } from "~/.server/data/size-options.server";
import { currentShopPreview, enqueueShopPreview } from "~/.server/jobs/shop-preview-job.server";
import { rematchPreview } from "~/.server/scraper/shop-preview.server";
import { refusedSourceAddress } from "~/.server/reader/source-address.server";
import {
  addListingAlias,
  addListingSize,
  createPeptideFromListing as writePeptide,
} from "~/.server/services/add-shop.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { actionFailure, actionSuccess, failure } from "~/lib/action-result";
import {
  PREVIEW_PAGE_SIZE,
  type AddShopAction,
  type PreviewQuery,
  type PreviewView,
} from "~/lib/forms/add-shop";
import { listingNameAlias } from "~/lib/listing";
import { PREVIEW_OUTCOMES, previewMatch, stickingAlias } from "~/lib/shop-preview";

import { createShopSource } from "./scraping.add-shop-create.server";

type ShopContext = Pick<
  AppContext,
  "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache" | "database"
>;
type Admin = Pick<SessionUser, "id" | "email">;
type Refusal = ReturnType<typeof failure>;
type Form<I extends AddShopAction["intent"]> = Extract<AddShopAction, { intent: I }>;

export const ADD_SHOP_PATH = "/admin/scraping/add-shop";

/**
 * Queues the detection and preview and answers at once with the page that follows it. An
 * address the scraper would never fetch (cloud metadata, a private network) is refused here,
 * under its field, with every source kind's message, before a job is queued.
 */
export async function queuePreview(app: ShopContext, admin: Admin, form: Form<"detect">) {
  const refused = await refusedSourceAddress(app, form.address);
  if (refused)
    return data(actionFailure(refused, { fieldErrors: { address: [refused] } }), { status: 400 });
  const id = await enqueueShopPreview(app, { address: form.address, requestedBy: admin.email });
  return redirect(`${ADD_SHOP_PATH}?preview=${id}`);
}

const toRow = (row: PreviewOfferRow) => ({
  ...row.offer,
  ...row.match,
  id: row.id,
  ignored: row.ignored,
});

/** The preview as the page shows it: its progress, or one page of what it read. */
export async function loadPreview(
  app: ShopContext,
  query: PreviewQuery,
): Promise<PreviewView | null> {
  if (!query.preview) return null;
  const preview = await currentShopPreview(app, query.preview);
  if (!preview) return null;
  const view: PreviewView = {
    id: preview.id,
    address: preview.address,
    status: preview.status,
    phase: preview.phase,
    requests: preview.requests,
    message: preview.message,
    findings: preview.findings,
    result: null,
  };
  if (preview.status !== "succeeded" || !preview.shopUrl || !preview.kind) return view;
  const [tally, owners] = await Promise.all([
    countPreviewOutcomes(app.db, preview.id),
    findShopOwners(app.db, preview.shopUrl),
  ]);
  const { rows, total } = await getPreviewOfferPage(app.db, preview.id, {
    q: query.q,
    outcome: query.outcome,
    page: query.page,
    pageSize: PREVIEW_PAGE_SIZE,
  });
  return {
    ...view,
    result: {
      shopUrl: preview.shopUrl,
      kind: preview.kind as NonNullable<PreviewView["result"]>["kind"],
      offers: preview.offersFound,
      counts: Object.fromEntries(
        PREVIEW_OUTCOMES.map((outcome) => [outcome, tally.outcomes[outcome] ?? 0]),
      ) as NonNullable<PreviewView["result"]>["counts"],
      ignored: tally.ignored,
      rows: rows.map(toRow),
      matching: total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / PREVIEW_PAGE_SIZE)),
      owners,
    },
  };
}

/** The read preview and the one offer a decision names; a failure when either is gone. */
async function offerOf(
  app: ShopContext,
  form: { preview_id: string; offer_id: string },
): Promise<{ preview: ShopPreviewRecord; offer: PreviewOfferRow } | { refused: Refusal }> {
  const preview = await currentShopPreview(app, form.preview_id);
  if (!preview || preview.status !== "succeeded")
    return { refused: failure("The preview is gone: detect the shop again", 404) };
  const offer = await getPreviewOffer(app.db, preview.id, form.offer_id);
  if (!offer) return { refused: failure("Unknown listing", 404) };
  return { preview, offer };
}

const decided = async (app: ShopContext, previewId: string, message: string) => {
  await rematchPreview(app, previewId);
  return data(actionSuccess(message));
};

/** The listing's name is kept as an alias of the peptide, so runs match it from now on. */
export async function mapListing(app: ShopContext, admin: Admin, form: Form<"map-alias">) {
  const found = await offerOf(app, form);
  if ("refused" in found) return found.refused;
  const listing = found.offer.offer.name;
  const catalogue = await getAllPeptideNames(app.db);
  const peptide = catalogue.find((p) => p.id === form.peptide_id);
  if (!peptide) return failure("Peptide not found", 404);
  const alias = stickingAlias(listing, peptide.id, catalogue);
  if (!alias) return failure("The listing name has no peptide name to keep", 400);
  await addListingAlias(app, admin, peptide, alias);
  return decided(app, found.preview.id, `"${alias}" now reads as ${peptide.name}`);
}

/** A new catalogue peptide named after the listing, with the listing's size. */
export async function createPeptideFromListing(
  app: ShopContext,
  admin: Admin,
  form: Form<"create-peptide">,
) {
  const found = await offerOf(app, form);
  if ("refused" in found) return found.refused;
  const listing = found.offer.offer.name;
  const name = listingNameAlias(listing);
  if (!name) return failure("The listing name has no peptide name to use", 400);
  const size = previewMatch(listing, [], []);
  try {
    await writePeptide(
      app,
      admin,
      name,
      size.quantity !== null && size.unit !== null
        ? { quantity: size.quantity, unit: size.unit }
        : null,
    );
  } catch (error) {
    return writeFailure(
      app,
      error,
      "creating a peptide from a listing",
      `Could not create ${name}`,
    );
  }
  return decided(app, found.preview.id, `Peptide ${name} created`);
}

/** The size the listing names, added to the peptide it matched. */
export async function createSizeFromListing(
  app: ShopContext,
  admin: Admin,
  form: Form<"create-size">,
) {
  const found = await offerOf(app, form);
  if ("refused" in found) return found.refused;
  const [peptides, sizes] = await Promise.all([
    getAllPeptideNames(app.db),
    getAllSizeOptions(app.db),
  ]);
  const match = previewMatch(found.offer.offer.name, peptides, sizes);
  if (
    match.outcome !== "missing_size" ||
    !match.peptideId ||
    match.quantity === null ||
    !match.unit
  )
    return failure("This listing does not name a new size of a catalogue peptide", 400);
  await addListingSize(app, admin, {
    peptideId: match.peptideId,
    quantity: match.quantity,
    unit: match.unit,
  });
  return decided(app, found.preview.id, `Size ${match.quantity} ${match.unit} added`);
}

/** Later runs skip an ignored listing for this vendor without a word (kept until the create). */
export async function ignoreListing(app: ShopContext, form: Form<"ignore">) {
  const found = await offerOf(app, form);
  if ("refused" in found) return found.refused;
  await setPreviewOfferIgnored(app.db, found.preview.id, found.offer.id, form.ignored);
  return data(
    actionSuccess(`${found.offer.offer.name} ${form.ignored ? "ignored" : "no longer ignored"}`),
  );
}

/** The vendor and its shop source in one step, or the source alone under the shop's vendor. */
export async function createShop(
  app: ShopContext,
  admin: Admin,
  form: Form<"create-shop"> | Form<"attach-shop">,
) {
  const preview = await currentShopPreview(app, form.preview_id);
  if (!preview || preview.status !== "succeeded" || !preview.shopUrl || !preview.kind)
    return failure("The preview is gone: detect the shop again", 404);
  // The shop's address as read (after redirects) is the source saved: checked like any source's.
  const refused = await refusedSourceAddress(app, preview.shopUrl);
  if (refused) return failure(refused, 400);
  return createShopSource(
    app,
    admin,
    { ...preview, shopUrl: preview.shopUrl, kind: preview.kind },
    form,
  );
}
