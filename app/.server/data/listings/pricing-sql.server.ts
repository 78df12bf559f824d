/**
 * SQL twins of app/lib/pricing.ts and app/lib/units.ts, so the home grid can filter and sort by
 * price inside the database; the prices shown are still computed by app/lib/pricing.ts. The
 * fragments expect the rows "vp" (vendor_peptides), "v" (vendors), "c" (coupons) and
 * "s" (size_options) that OFFER_JOINS names.
 */
import { sql, type SQL } from "drizzle-orm";

import { DEFAULT_DISPLAY_CURRENCY } from "~/lib/constants";
import { DEFAULT_LAB_THRESHOLDS, testedSince } from "~/lib/lab-tests";
import { MINOR_UNIT_EXPONENTS } from "~/lib/money";
import type { PricingContext } from "~/lib/pricing";

import { peptides } from "../../db/schema";
import { staleOfferSql } from "../freshness.server";

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

/** SQL twin of minorUnitExponent for a currency column. */
function minorUnitExponentSql(currency: SQL): SQL {
  const whens = Object.entries(MINOR_UNIT_EXPONENTS).map(
    ([code, exponent]) => sql`when ${code} then ${exponent}::int`,
  );
  return sql`(case upper(${currency}) ${sql.join(whens, sql` `)} else 2 end)`;
}

/**
 * SQL twin of convertAmount: the amount itself in its own currency (no round trip through the
 * dollar, which numeric division would leave a hair off), else through the dollar; null
 * without a rate.
 */
function convertSql(amount: SQL, from: SQL, to: SQL, rates: PricingContext["rates"]): SQL {
  return sql`(case when ${from} = ${to} then ${amount} else ${amount} / ${rateSql(from, rates)} * ${rateSql(to, rates)} end)`;
}

/** SQL twin of convertMoney: converted, then rounded once to the target currency's minor unit. */
function convertMoneySql(amount: SQL, from: SQL, to: SQL, rates: PricingContext["rates"]): SQL {
  return sql`round(${convertSql(amount, from, to, rates)}, ${minorUnitExponentSql(to)})`;
}

/**
 * SQL twin of priceOffer's price after coupon, in the offer's own currency (rows "vp", "v",
 * "c"): a percentage off, or the vendor's fixed amount converted into the offer's currency and
 * rounded there (not applied without the rate), never below zero, rounded once.
 */
function priceAfterCouponSql(pricing: PricingContext): SQL {
  const offerCurrency = sql.raw("vp.currency");
  const fixedOff = convertMoneySql(
    sql.raw("c.discount_amount"),
    sql.raw("v.currency"),
    offerCurrency,
    pricing.rates,
  );
  return sql`round(case when c.vendor_id is not null and (c.expiration_date is null or c.expiration_date >= (now() at time zone 'utc')::date)
    then greatest(0, case when c.discount_type = 'percentage' then vp.price * (1 - least(100, greatest(0, c.discount_amount)) / 100)
      else vp.price - coalesce(${fixedOff}, 0) end)
    else vp.price end, ${minorUnitExponentSql(offerCurrency)})`;
}

/** The display currency as an SQL value. */
function displayCurrencySql(pricing: PricingContext): SQL {
  return sql`${pricing.displayCurrency}::text`;
}

/**
 * SQL twin of priceOffer's display price (the price after coupon converted and rounded once),
 * per vial. Calendar days in UTC, as isCouponActive does. Null without a rate.
 */
function displayPricePerVialSql(pricing: PricingContext): SQL {
  const display = convertMoneySql(
    priceAfterCouponSql(pricing),
    sql.raw("vp.currency"),
    displayCurrencySql(pricing),
    pricing.rates,
  );
  return sql`(${display} / vp.vials)`;
}

/** SQL twin of shipsToDestination for the row "v": true, false, or null when not stated. */
function shipsToDestinationSql(pricing: PricingContext): SQL {
  if (pricing.shipTo === null) return sql`true`;
  return sql`(case when cardinality(v.ships_to) = 0 then null else ${pricing.shipTo} = any(v.ships_to) end)`;
}

/**
 * SQL twin of priceOffer's landed total per vial (display currency): the display price plus
 * the vendor's shipping to the destination converted and rounded once (free from the
 * threshold, judged on the unrounded subtotal in the vendor's currency, after coupon). Null
 * when shipping is not known or the vendor does not ship there.
 */
function landedTotalPerVialSql(pricing: PricingContext): SQL {
  const vendorCurrency = sql.raw("v.currency");
  const subtotal = convertSql(
    priceAfterCouponSql(pricing),
    sql.raw("vp.currency"),
    vendorCurrency,
    pricing.rates,
  );
  const shipping = sql`(case when ${shipsToDestinationSql(pricing)} is not true then null
    when v.free_shipping_threshold is not null and ${subtotal} >= v.free_shipping_threshold then 0
    else v.shipping_fee end)`;
  const displayShipping = convertMoneySql(
    shipping,
    vendorCurrency,
    displayCurrencySql(pricing),
    pricing.rates,
  );
  return sql`(${displayPricePerVialSql(pricing)} + ${displayShipping} / vp.vials)`;
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
 * SQL twin of isBuyable for the row "vp" (in stock, low stock counts, not stale, price not held), and of
 * bestOffer's other conditions: a rate, and a vendor that does not refuse the destination.
 */
export function buyableSql(pricing: PricingContext): SQL {
  return sql`(vp.stock_status <> 'out_of_stock' and not ${staleOfferSql(pricing, pricing.now, "vp")} and vp.price_held_at is null and ${shipsToDestinationSql(pricing)} is not false)`;
}

/**
 * SQL twin of offerLabState's warning for the row "vp" (~/lib/lab-tests): the newest judged
 * test within 12 months of its vendor, peptide and size (or covering all sizes of its batch)
 * failed — purity under the minimum or mass off the label by more than the deviation — so the
 * offer is never Best Price, nor the price a card sorts by. Of two tests entered together for
 * one day, the failing one decides, as in offerLabState.
 */
export function failedLabTestSql(now: Date): SQL {
  const minPurity = sql`coalesce(st.lab_test_min_purity_percent, ${DEFAULT_LAB_THRESHOLDS.minPurityPercent})`;
  const maxDeviation = sql`coalesce(st.lab_test_max_mass_deviation_percent, ${DEFAULT_LAB_THRESHOLDS.maxMassDeviationPercent})`;
  const failed = sql`(coalesce(lt.purity_percent < ${minPurity}, false)
    or coalesce(abs(lt.measured_mass_mg - lt.claimed_mass_mg) / nullif(lt.claimed_mass_mg, 0) * 100 > ${maxDeviation}, false))`;
  return sql`coalesce((select ${failed} from lab_tests lt left join settings st on st.id = 1
    where lt.vendor_id = vp.vendor_id and lt.peptide_id = vp.peptide_id
      and (lt.size_option_id = vp.size_option_id or lt.covers_all_sizes)
      and lt.tested_on >= ${testedSince(now)}
      and (${failed} or (lt.purity_percent is not null and lt.measured_mass_mg is not null
        and lt.claimed_mass_mg > 0))
    order by lt.tested_on desc, lt.created_at desc, ${failed} desc limit 1), false)`;
}

/** SQL twin of toMilligrams for the row "s": milligrams in one vial. */
export const VIAL_MG_SQL = sql.raw(
  `(case s.unit when 'mg' then s.quantity when 'mcg' then s.quantity / 1000 end)`,
);

/** Alphabetical regardless of the database's collation (PGlite sorts "MOTS-c" before "Melanotan II"). */
export const BY_NAME = sql`lower(${peptides.name}) asc, ${peptides.name} asc`;

/** An offer with its size, vendor and coupon, under the aliases the fragments above use. */
export const OFFER_JOINS = sql.raw(`from vendor_peptides vp
    join size_options s on s.id = vp.size_option_id
    join vendors v on v.id = vp.vendor_id
    left join coupons c on c.vendor_id = vp.vendor_id`);
