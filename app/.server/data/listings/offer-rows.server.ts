/**
 * The offer rows every public read prices: the columns of an offer with its vendor and
 * coupon (OFFER_COLUMNS), the one join of sizes to their active prices (selectSizeOffers),
 * pricing a joined row (priceRow) and the offer tables' row (toOfferRow).
 */
import { and, eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";

import { DEFAULT_DISPLAY_CURRENCY, DEFAULT_SETTINGS } from "~/lib/constants";
import { offerLabState, type OfferLabTest } from "~/lib/lab-tests";
import type { OfferRow } from "~/lib/offer-row";
import { publicPriceRead } from "~/lib/price-provenance-schema";
import { couponFromColumns, priceOffer, type PricingContext } from "~/lib/pricing";
import type { CouponVotes } from "~/lib/trust/coupon-feedback";
import { formatSize, pricePerMg, toMilligrams } from "~/lib/units";
import { isVendorSupplied } from "~/lib/vendor-accounts";

import type { Database } from "../../db/client";
import { toIso } from "../../db/rows.server";
import { coupons, peptides, sizeOptions, vendorPeptides, vendors } from "../../db/schema";
import { OFFER_COUPON_VOTES_SQL } from "../coupon-feedback.server";
import { OFFER_LAB_TESTS_SQL } from "../lab-tests.server";
import { priceIsActive } from "../public-visibility.server";

/** One offer of the detail and compare pages (the offer tables' row type). */
export type Offer = OfferRow;

/** Prices as a visitor sees them when nothing else is known: dollars, default staleness. */
export function defaultPricingContext(now: Date = new Date()): PricingContext {
  return {
    displayCurrency: DEFAULT_DISPLAY_CURRENCY,
    rates: {},
    staleAfterMissedRuns: DEFAULT_SETTINGS.staleAfterMissedRuns,
    scrapeIntervalSeconds: DEFAULT_SETTINGS.scrapeIntervalSeconds,
    now,
    shipTo: null,
  };
}

export interface SizeChoice {
  id: string;
  label: string;
}

/** An offer's own columns that pricing needs. */
export const PRICE_COLUMNS = {
  price: vendorPeptides.price,
  currency: vendorPeptides.currency,
  vials: vendorPeptides.vials,
  stockStatus: vendorPeptides.stockStatus,
  missedScrapes: vendorPeptides.missedScrapes,
  priceCheckedAt: vendorPeptides.priceCheckedAt,
  priceHeldAt: vendorPeptides.priceHeldAt,
};

/** The vendor's shipping terms pricing needs, under the names of priceOffer's vendor. */
export const VENDOR_SHIPPING_COLUMNS = {
  vendorCurrency: vendors.currency,
  shippingFee: vendors.shippingFee,
  freeShippingThreshold: vendors.freeShippingThreshold,
  shipsTo: vendors.shipsTo,
};

/** The columns of an offer, its vendor and coupon that pricing needs (left-joined). */
export const OFFER_COLUMNS = {
  id: vendorPeptides.id,
  ...PRICE_COLUMNS,
  vendorId: vendors.id,
  vendorName: vendors.name,
  vendorSlug: vendors.slug,
  vendorRating: vendors.rating,
  vendorCurrency: vendors.currency,
  vendorShippingFee: vendors.shippingFee,
  vendorFreeShippingThreshold: vendors.freeShippingThreshold,
  vendorShipsTo: vendors.shipsTo,
  couponCode: coupons.code,
  couponAmount: coupons.discountAmount,
  couponType: coupons.discountType,
  couponExpires: coupons.expirationDate,
  labTests: OFFER_LAB_TESTS_SQL,
  couponVendorReportedAt: coupons.vendorReportedAt,
  vendorSuppliedAt: vendorPeptides.vendorSuppliedAt,
};

export type OfferColumns = {
  [K in Exclude<keyof typeof OFFER_COLUMNS, "labTests">]:
    (typeof OFFER_COLUMNS)[K]["_"]["data"] | null;
} & {
  /** Absent where an offer is priced without its lab tests (the market index's history). */
  labTests?: OfferLabTest[] | null;
};

/** Prices one joined row; null when the size has no offer in it. */
export function priceRow(
  row: OfferColumns & { quantity: number; unit: string },
  pricing: PricingContext,
) {
  if (row.id === null || row.price === null || row.vendorId === null) return null;
  const coupon = couponFromColumns({
    code: row.couponCode,
    discountAmount: row.couponAmount,
    discountType: row.couponType,
    expirationDate: row.couponExpires,
  });
  const currency = row.currency ?? DEFAULT_DISPLAY_CURRENCY;
  const mgPerVial = toMilligrams(row.quantity, row.unit);
  const vendorCurrency = row.vendorCurrency ?? currency;
  const lab = offerLabState(row.labTests ?? [], mgPerVial, pricing.now);
  const priced = priceOffer(
    {
      price: row.price,
      currency,
      vials: row.vials ?? 1,
      mgPerVial,
      coupon,
      stockStatus: row.stockStatus ?? "in_stock",
      missedScrapes: row.missedScrapes ?? 0,
      // A price never confirmed is stale.
      priceCheckedAt: row.priceCheckedAt ?? new Date(0),
      priceHeld: row.priceHeldAt != null,
      vendor: {
        currency: vendorCurrency,
        shippingFee: row.vendorShippingFee,
        freeShippingThreshold: row.vendorFreeShippingThreshold,
        shipsTo: row.vendorShipsTo ?? [],
      },
    },
    pricing,
  );
  // Spreads go last in this file's per-row objects: V8 builds `{ ...priced, id, … }` on a slow
  // path (about 20 µs an object, most of a home page's pricing), `{ id, …, ...priced }` fast.
  // The keys never overlap, so the order changes nothing else.
  return {
    id: row.id,
    vendorId: row.vendorId,
    vendorName: row.vendorName ?? "",
    vendorSlug: row.vendorSlug ?? "",
    vendorRating: row.vendorRating,
    vendorCurrency,
    price: row.price,
    currency,
    vials: row.vials ?? 1,
    stockStatus: row.stockStatus ?? "in_stock",
    coupon,
    tested: lab.tested,
    labWarning: lab.labWarning,
    verified: lab.verified,
    vendorSupplied: isVendorSupplied(row.vendorSuppliedAt, row.priceCheckedAt),
    couponReportedByVendor: row.couponVendorReportedAt != null,
    ...priced,
  };
}

/** The size columns of selectSizeOffers' rows. */
const SIZE_COLUMNS = {
  peptideId: sizeOptions.peptideId,
  sizeId: sizeOptions.id,
  quantity: sizeOptions.quantity,
  unit: sizeOptions.unit,
  unitLabel: sizeOptions.unitLabel,
};

/**
 * The join of a size ("size_options") to its active offers. The peptide condition is
 * implied; said, it lets the planner fetch just these peptides' prices by
 * vendor_peptides_peptide_idx instead of hashing the whole price table.
 */
export function activePricesOfSize() {
  return and(
    eq(vendorPeptides.sizeOptionId, sizeOptions.id),
    eq(vendorPeptides.peptideId, sizeOptions.peptideId),
    priceIsActive(),
  );
}

/**
 * Sizes left-joined to their active offers with each price's vendor and coupon: a row
 * per price (or one without a price for a size nobody sells), with the size's columns,
 * OFFER_COLUMNS and `extra`. The caller adds the where and order.
 */
export function selectSizeOffers<Extra extends SelectedFields>(db: Database, extra: Extra) {
  return db
    .select({ ...SIZE_COLUMNS, ...OFFER_COLUMNS, ...extra })
    .from(sizeOptions)
    .leftJoin(vendorPeptides, activePricesOfSize())
    .leftJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .leftJoin(coupons, eq(coupons.vendorId, vendorPeptides.vendorId));
}

/** The columns of one offer-table row: pricing's, and what the tables show beside prices. */
export const OFFER_ROW_COLUMNS = {
  ...OFFER_COLUMNS,
  peptideId: peptides.id,
  peptideName: peptides.name,
  peptideSlug: peptides.slug,
  sizeId: sizeOptions.id,
  quantity: sizeOptions.quantity,
  unit: sizeOptions.unit,
  unitLabel: sizeOptions.unitLabel,
  url: vendorPeptides.url,
  purity: vendorPeptides.purity,
  notes: vendorPeptides.notes,
  source: vendorPeptides.source,
  priceCheckedAt: vendorPeptides.priceCheckedAt,
  priceProvenance: vendorPeptides.priceProvenance,
  vendorShippingNote: vendors.shippingCost,
  couponVotes: OFFER_COUPON_VOTES_SQL,
};

type OfferRowColumns = OfferColumns & {
  peptideId: string;
  peptideName: string;
  peptideSlug: string;
  sizeId: string;
  quantity: number;
  unit: string;
  unitLabel: string | null;
  url: string | null;
  purity: string | null;
  notes: string | null;
  source: string | null;
  priceCheckedAt: Date | string | null;
  priceProvenance: unknown;
  vendorShippingNote: string | null;
  couponVotes: CouponVotes | null;
};

/** One joined row as an offer table's row; null when the size has no offer in it. */
export function toOfferRow(
  row: OfferRowColumns,
  pricing: PricingContext,
  lowestPrice90Days: number | null = null,
): OfferRow | null {
  const priced = priceRow(row, pricing);
  if (!priced) return null;
  return {
    peptideId: row.peptideId,
    peptideName: row.peptideName,
    peptideSlug: row.peptideSlug,
    vendorShippingNote: row.vendorShippingNote,
    sizeId: row.sizeId,
    sizeLabel: formatSize(row.quantity, row.unit, row.unitLabel),
    quantity: row.quantity,
    unit: row.unit,
    url: row.url,
    purity: row.purity,
    notes: row.notes,
    source: row.source ?? "manual",
    priceCheckedAt: toIso(row.priceCheckedAt),
    // In the row's own query, so a page of offers costs no query more for it.
    priceRead: publicPriceRead(row.priceProvenance),
    pricePerMg: pricePerMg(priced.priceAfterCoupon, row.quantity * priced.vials, row.unit),
    lowestPrice90Days,
    couponVotes: row.couponVotes,
    ...priced,
  };
}
