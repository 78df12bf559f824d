/**
 * The admin vendor-prices page's loader data and per-intent handlers. Every price write goes
 * through the vendor-prices service (history, audit, alerts, page cache). The route checks
 * admin rights first.
 */
import { data } from "react-router";

import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getFreshnessRule } from "~/.server/data/freshness.server";
import { getPeptideById, getPeptideOption } from "~/.server/data/peptides.server";
import { getSettings } from "~/.server/data/settings.server";
import { findOrCreateSizeOption, getAllSizeOptions } from "~/.server/data/size-options.server";
import {
  getAdminOffer,
  getAdminOfferPage,
  getAdminOffersByIds,
  getAllVendorPeptides,
  getOfferKey,
} from "~/.server/data/vendor-peptides.server";
import { getVendorOption, vendorExists } from "~/.server/data/vendors.server";
import { deleteToTrash } from "~/.server/services/trash-actions.server";
import { addOffer, editOffer, priceName, switchOffers } from "~/.server/services/offers.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { actionFailure, actionSuccess, editConflict, failure } from "~/lib/action-result";
import { changedRowsMessage, rowsChangedSince } from "~/lib/edit-conflict";
import { VENDOR_PRICES_TABLE } from "~/lib/admin-tables";
import { isWholeMinorAmount, minorUnitMessage } from "~/lib/money";
import { fieldFailure } from "~/lib/forms/field-failure";
import { formFields, invalidForm } from "~/lib/forms/form-data";
import { offerPageSchema, offerRowFormValues, type OfferPageForm } from "~/lib/forms/offers";
import {
  OUTLIER_TITLE,
  outlierQuestion,
  PRICE_NOT_POSITIVE,
  priceSanityOf,
  type CheckedOffer,
  type MarketSize,
} from "~/lib/price-sanity";
import { isStale, staleBefore } from "~/lib/freshness";
import { getOffersProvenance } from "~/.server/data/price-provenance.server";
import { readTablePage } from "~/lib/table-query";

type Admin = Pick<SessionUser, "id" | "email">;

export async function loadPricesPage(app: AppContext, url: URL, now: Date) {
  const requested = VENDOR_PRICES_TABLE.parse(url.searchParams);
  const { peptide, vendor, stock, stale, status } = requested.filters;
  const freshness = await getFreshnessRule(app.db);
  const [table, filterPeptide, filterVendor] = await Promise.all([
    readTablePage(requested, (page) =>
      getAdminOfferPage(app.db, {
        search: requested.q,
        peptideId: peptide ?? null,
        vendorId: vendor ?? null,
        stock: stock ?? null,
        stale: stale ? { rule: freshness, now } : null,
        active: status === undefined ? null : status === "active",
        sort: { column: requested.sort, direction: requested.dir },
        page,
        pageSize: requested.pageSize,
      }),
    ),
    // The filters' pickers show the chosen names; they fetch the rest as the admin types.
    peptide ? getPeptideOption(app.db, peptide) : null,
    vendor ? getVendorOption(app.db, vendor) : null,
  ]);
  const provenance = await getOffersProvenance(
    app.db,
    table.rows.map((row) => row.id),
  );
  return {
    ...table,
    // The one freshness rule, so a row's "Stale" is the public pages' (~/lib/freshness); how
    // each price was read beside it.
    rows: table.rows.map((row) => ({
      ...row,
      stale: isStale(row, freshness, now),
      provenance: provenance.get(row.id) ?? null,
    })),
    filterPeptide,
    filterVendor,
    staleBefore: staleBefore(freshness, now).toISOString(),
    staleAfterMissedRuns: freshness.staleAfterMissedRuns,
  };
}

/**
 * A manual price through the scraper's rule (~/lib/price-sanity): 0 or less, or a part of the
 * currency's smallest unit, is refused under the field; one far from the other vendors' is
 * refused until the admin confirms it (the form then posts again with confirm=1). Null: the price may be saved. `newSize`: a size the entry would
 * create, compared as if it existed.
 */
async function refusePrice(
  app: AppContext,
  offer: CheckedOffer,
  confirmed: boolean,
  newSize?: MarketSize,
) {
  if (!(offer.price > 0)) return fieldFailure("price", PRICE_NOT_POSITIVE, 400);
  // The row's own currency (an inline edit posts none): 12.5 JPY is refused, never rounded.
  if (!isWholeMinorAmount(offer.price, offer.currency)) {
    return fieldFailure("price", minorUnitMessage("Price", offer.currency), 400);
  }
  const [sizes, offers, settings] = await Promise.all([
    getAllSizeOptions(app.db),
    getAllVendorPeptides(app.db),
    getSettings(app.db),
  ]);
  const sanity = priceSanityOf(
    {
      sizes: newSize ? [...sizes, newSize] : sizes,
      offers,
      staleAfterMissedRuns: settings.staleAfterMissedRuns,
    },
    offer,
  );
  if (sanity.verdict === "not_positive") return fieldFailure("price", PRICE_NOT_POSITIVE, 400);
  if (sanity.verdict === "ok" || confirmed) return null;
  const question = outlierQuestion(sanity, offer.currency);
  return data(
    actionFailure(question, {
      title: OUTLIER_TITLE,
      needsConfirmation: true,
      fieldErrors: { price: [question] },
    }),
    { status: 422 },
  );
}

async function createOffer(
  app: AppContext,
  admin: Admin,
  form: Extract<OfferPageForm, { intent: "create-vendor-price" }>,
) {
  const [peptide, vendorFound] = await Promise.all([
    getPeptideById(app.db, form.peptideId),
    vendorExists(app.db, form.vendorId),
  ]);
  if (!peptide) return fieldFailure("peptideId", "Selected peptide not found", 404);
  if (!vendorFound) return fieldFailure("vendorId", "Selected vendor not found", 404);
  const unsaved = "size-being-entered";
  const refused = await refusePrice(
    app,
    {
      sizeOptionId: unsaved,
      vendorId: form.vendorId,
      vials: 1,
      price: form.price,
      currency: form.currency,
    },
    form.confirm,
    { id: unsaved, peptideId: form.peptideId, quantity: form.quantity, unit: form.unit },
  );
  if (refused) return refused;
  let sizeOptionId: string;
  try {
    sizeOptionId = (
      await findOrCreateSizeOption(app.db, {
        peptideId: form.peptideId,
        quantity: form.quantity,
        unit: form.unit,
        unitLabel: form.unitLabel,
      })
    ).id;
  } catch (error) {
    return writeFailure(app, error, "creating a size option", "Failed to create new size option");
  }
  try {
    await addOffer(app, admin, {
      peptideId: form.peptideId,
      vendorId: form.vendorId,
      sizeOptionId,
      price: form.price,
      currency: form.currency,
      url: form.url,
      purity: form.purity,
      notes: form.notes,
      source: "manual",
    });
  } catch (error) {
    return writeFailure(app, error, "saving a vendor price", "Failed to add vendor peptide data");
  }
  return actionSuccess("Vendor peptide data added successfully");
}

async function updateOfferRow(
  app: AppContext,
  admin: Admin,
  form: Extract<OfferPageForm, { intent: "update-vendor-price" }>,
) {
  const [key, before] = await Promise.all([
    getOfferKey(app.db, form.id),
    getAdminOffer(app.db, form.id),
  ]);
  if (!key || !before) return failure("Vendor price not found", 404);
  const refused = await refusePrice(
    app,
    { ...key, price: form.price, currency: key.currency },
    form.confirm,
  );
  if (refused) return refused;
  try {
    const saved = await editOffer(app, admin, before, {
      ...key,
      price: form.price,
      url: form.url,
      stockStatus: form.stockStatus,
      source: "manual",
      version: form.version,
    });
    if (saved.stale) {
      const current = await getAdminOffer(app.db, form.id);
      if (!current) return failure("Vendor price not found", 404);
      return editConflict(offerRowFormValues(current), current.version);
    }
  } catch (error) {
    return writeFailure(app, error, "updating a vendor price", "Failed to update the vendor price");
  }
  return actionSuccess("Vendor price updated");
}

const STALE_SELECTION =
  "Some selected vendor prices no longer exist; reload the page and select again";
const pricesCount = (count: number) => `${count} vendor price${count === 1 ? "" : "s"}`;

/**
 * The bulk bar: to the trash, or shown or hidden on the public side. A row changed since the
 * page showed it (its version) or, for activate/deactivate, gone: nothing is changed and the
 * answer says which (409, 404).
 */
async function bulkOffers(
  app: AppContext,
  admin: Admin,
  form: Extract<OfferPageForm, { intent: "bulk-vendor-prices" }>,
) {
  const found = await getAdminOffersByIds(app.db, form.ids);
  const changedMeanwhile = rowsChangedSince(
    found.map((row) => ({ id: row.id, version: row.version, name: priceName(row) })),
    form.versions,
  );
  if (changedMeanwhile.length > 0) {
    const message = changedRowsMessage(changedMeanwhile, "vendor prices");
    return failure(message, 409, "Nothing was changed");
  }
  if (form.operation === "delete") {
    return deleteToTrash(app, admin, {
      entity: "vendor_price",
      ids: form.ids,
      auditEntity: "vendor_peptide",
      deletedMessage: (count) => `${pricesCount(count)} deleted`,
      notFoundMessage: "Vendor price not found",
    });
  }
  if (found.length !== form.ids.length) {
    return failure(STALE_SELECTION, 404, "Nothing was changed");
  }
  const active = form.operation === "activate";
  await switchOffers(app, admin, found, active);
  return actionSuccess(`${pricesCount(found.length)} ${active ? "activated" : "deactivated"}`);
}

export async function handlePriceAction(app: AppContext, admin: Admin, formData: FormData) {
  const parsed = offerPageSchema.safeParse(formFields(formData));
  if (!parsed.success) return invalidForm(parsed.error);
  const form = parsed.data;

  switch (form.intent) {
    case "create-vendor-price":
      return createOffer(app, admin, form);
    case "update-vendor-price":
      return updateOfferRow(app, admin, form);
    case "delete-vendor-price":
      return deleteToTrash(app, admin, {
        entity: "vendor_price",
        ids: [form.id],
        auditEntity: "vendor_peptide",
        deletedMessage: "Vendor peptide deleted",
        notFoundMessage: "Vendor price not found",
      });
    case "bulk-vendor-prices":
      return bulkOffers(app, admin, form);
  }
}
