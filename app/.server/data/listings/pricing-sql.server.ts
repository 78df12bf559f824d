/**
 * SQL twins of app/lib/pricing.ts and app/lib/units.ts, so the home grid can filter and sort by
 * price inside the database; the prices shown are still computed by app/lib/pricing.ts. The
 * fragments expect the rows "vp" (vendor_peptides), "v" (vendors), "c" (coupons) and
 * "s" (size_options) that OFFER_JOINS names.
 */
import { sql, type SQL } from "drizzle-orm";

import { DEFAULT_DISPLAY_CURRENCY } from "~/lib/constants";
import type { PricingContext } from "~/lib/pricing";

import { peptides } from "../../db/schema";

/**
 * SQL twin of formatSize, so a size filter from the URL can be matched inside the database.
 * Expects the size_options row under the alias "s".
 */
export const SIZE_LABEL_SQL = sql.raw(
  `case when s.unit = 'other' then btrim(trim_scale(s.quantity)::text || ' ' || coalesce(s.unit_label, '')) else trim_scale(s.quantity)::text || s.unit end`,
);

/** Units of a currency per US dollar from the rates the page was given; null without a rate. */
function rateSql(currency: SQL, rates: PricingContext["rates"]): SQL {
  return sql`(case when ${currency} = ${DEFAULT_DISPLAY_CURRENCY} then 1::numeric else (${JSON.stringify(rates)}::jsonb ->> ${currency})::numeric end)`;
}

/** SQL twin of priceOffer's price after coupon, in the offer's own currency (rows "vp", "v", "c"). */
function priceAfterCouponSql(pricing: PricingContext): SQL {
  const offerRate = rateSql(sql.raw("vp.currency"), pricing.rates);
  const vendorRate = rateSql(sql.raw("v.currency"), pricing.rates);
  return sql`round(case when c.vendor_id is not null and (c.expiration_date is null or c.expiration_date >= (now() at time zone 'utc')::date)
    then greatest(0, case when c.discount_type = 'percentage' then vp.price * (1 - c.discount_amount / 100)
      else vp.price - coalesce(c.discount_amount / ${vendorRate} * ${offerRate}, 0) end)
    else vp.price end, 2)`;
}

/**
 * SQL twin of priceOffer's display price per vial, for filtering and sorting by price as the
 * cards show it; the prices shown are still computed by app/lib/pricing.ts. Calendar days in
 * UTC, as isCouponActive does; a fixed coupon is in the vendor's currency. Null without a rate.
 */
function displayPricePerVialSql(pricing: PricingContext): SQL {
  const offerRate = rateSql(sql.raw("vp.currency"), pricing.rates);
  const displayRate = rateSql(sql`${pricing.displayCurrency}`, pricing.rates);
  return sql`(${priceAfterCouponSql(pricing)} / ${offerRate} * ${displayRate} / vp.vials)`;
}

/** SQL twin of shipsToDestination for the row "v": true, false, or null when not stated. */
function shipsToDestinationSql(pricing: PricingContext): SQL {
  if (pricing.shipTo === null) return sql`true`;
  return sql`(case when cardinality(v.ships_to) = 0 then null else ${pricing.shipTo} = any(v.ships_to) end)`;
}

/**
 * SQL twin of priceOffer's landed total per vial (display currency): price after coupon plus
 * the vendor's shipping to the destination (free from the threshold, applied after coupon).
 * Null when shipping is not known or the vendor does not ship there.
 */
function landedTotalPerVialSql(pricing: PricingContext): SQL {
  const offerRate = rateSql(sql.raw("vp.currency"), pricing.rates);
  const vendorRate = rateSql(sql.raw("v.currency"), pricing.rates);
  const displayRate = rateSql(sql`${pricing.displayCurrency}`, pricing.rates);
  const subtotal = sql`(${priceAfterCouponSql(pricing)} / ${offerRate} * ${vendorRate})`;
  const shipping = sql`(case when ${shipsToDestinationSql(pricing)} is not true then null
    when v.free_shipping_threshold is not null and ${subtotal} >= v.free_shipping_threshold then 0
    else v.shipping_fee end)`;
  return sql`(${displayPricePerVialSql(pricing)} + ${shipping} / ${vendorRate} * ${displayRate} / vp.vials)`;
}

/**
 * What a card's price is, per offer, as bestOffer ranks it: the landed total per vial, or the
 * price per vial when shipping is not stated.
 */
export function cardPriceSql(pricing: PricingContext): SQL {
  return sql`coalesce(${landedTotalPerVialSql(pricing)}, ${displayPricePerVialSql(pricing)})`;
}

/**
 * SQL twin of bestOffer over the rows an aggregate sees: the lowest known landed total per
 * vial, else (no total known) the lowest price per vial of the unknown-shipping offers.
 */
export function bestCardPriceSql(pricing: PricingContext): SQL {
  const landed = landedTotalPerVialSql(pricing);
  return sql`coalesce(min(${landed}), min(${displayPricePerVialSql(pricing)}))`;
}

/**
 * SQL twin of isBuyable for the row "vp" (in stock, low stock counts, and not stale), and of
 * bestOffer's other conditions: a rate, and a vendor that does not refuse the destination.
 */
export function buyableSql(pricing: PricingContext): SQL {
  return sql`(vp.stock_status <> 'out_of_stock' and vp.missed_scrapes < ${pricing.staleAfterMissedRuns} and ${shipsToDestinationSql(pricing)} is not false)`;
}

/** SQL twin of toMilligrams for the row "s": milligrams in one vial. */
export const VIAL_MG_SQL = sql.raw(
  `(case s.unit when 'mg' then s.quantity when 'mcg' then s.quantity / 1000 end)`,
);

/** Alphabetical regardless of the database's collation (PGlite sorts "MOTS-c" before "Melanotan II"). */
export const BY_NAME = sql`lower(${peptides.name}) asc, ${peptides.name} asc`;

/** A vendor price with its size, vendor and coupon, under the aliases the fragments above use. */
export const OFFER_JOINS = sql.raw(`from vendor_peptides vp
    join size_options s on s.id = vp.size_option_id
    join vendors v on v.id = vp.vendor_id
    left join coupons c on c.vendor_id = vp.vendor_id`);
