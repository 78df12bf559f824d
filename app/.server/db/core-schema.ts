/**
 * The catalogue's, users' and operations' tables (schema.ts gathers them with the vendor
 * accounts' ones for drizzle-kit and the queries). Over 400 lines on purpose: one place where
 * each table's columns, CHECKs and indexes are read together.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import {
  AD_MEDIA_TYPES,
  AD_OVERLAY_POSITIONS,
  AD_PLACEMENTS,
  AD_SIZES,
  AD_TYPES,
  DISCOUNT_TYPES,
  EXCHANGE_RATE_SOURCES,
  FILTER_FIELDS,
  FILTER_TYPES,
  FOOTER_SECTIONS,
  PAGE_TYPES,
  SCRAPE_SOURCE_KINDS,
  type ScrapeSourceKind,
  PRICE_SOURCES,
  SCRAPE_LOG_STATUSES,
  SCRAPE_SOURCE_STATUSES,
  STOCK_STATUSES,
  UNITS,
} from "~/lib/constants";
import { TEXT_LIMITS } from "~/lib/text-limits";
import {
  OFFER_REPORT_DETAIL_MAX,
  OFFER_REPORT_KINDS,
  OFFER_REPORT_STATUSES,
} from "~/lib/trust/offer-reports";
import {
  REVIEW_REJECTION_MAX,
  REVIEW_REPORT_MAX,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
} from "~/lib/trust/vendor-reviews";
import type { ReliabilityComponent } from "~/lib/vendor-reliability";
import { FOOTER_LIMITS } from "~/lib/forms/footer";
import { HERO_LIMITS } from "~/lib/forms/hero";
import { LAB_TEST_LIMITS } from "~/lib/forms/lab-tests";
import { SETTINGS_LIMITS } from "~/lib/forms/settings";
import {
  ALERT_CHANNELS,
  ALERT_DIGESTS,
  ALERT_MODES,
  WEBHOOK_URL_MAX_LENGTH,
} from "~/lib/price-alerts";
import { SHOP_READ_KINDS } from "~/lib/shop-reads";

/**
 * An amount in its currency, stored exactly to the largest ISO 4217 minor unit the site takes
 * (3 decimals: KWD, BHD; JPY's 0 and USD's 2 fit too), with the same ten integer digits.
 */
const money = (name: string) => numeric(name, { precision: 13, scale: 3, mode: "number" });
/** A required reference to the row this one belongs to: deleting that row deletes this one. */
const ownedBy = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: "cascade" });
/** A required reference to the user account this row belongs to (deleted with the account). */
const ownedByUser = (name: string) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** SQL check that a column holds an ISO 4217 code (three capital letters). */
function isoCurrency(column: string) {
  return sql.raw(`"${column}" ~ '^[A-Z]{3}$'`);
}

/** SQL `col IN ('a','b')` for a check constraint over one of our enumerations. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(", ")})`);
}

/** SQL check that a text column holds at most `max` characters (the form's limit, TEXT_LIMITS). */
function lengthAtMost(column: string, max: number) {
  return sql.raw(`char_length("${column}") <= ${max}`);
}

/**
 * SQL check that a text[] column holds at most `count` items and `count * max` characters in
 * all (a check cannot look at each item; the form bounds each one to `max`).
 */
function itemsAtMost(column: string, count: number, max: number) {
  return sql.raw(
    `cardinality("${column}") <= ${count} and char_length(array_to_string("${column}", '')) <= ${count * max}`,
  );
}

// ---------------------------------------------------------------- auth (better-auth)

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: ownedByUser("user_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: ownedByUser("user_id"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export const adminUsers = pgTable("admin_users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- catalogue

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check("categories_name_length", lengthAtMost("name", TEXT_LIMITS.name)),
    check("categories_slug_length", lengthAtMost("slug", TEXT_LIMITS.slug)),
    check("categories_description_length", lengthAtMost("description", TEXT_LIMITS.long)),
  ],
);

export const peptides = pgTable(
  "peptides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    imageUrl: text("image_url"),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    keyBenefits: text("key_benefits")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Other names shops and buyers use for it (Epithalon, MT-2, brand names such as Ozempic,
     * misspellings such as BCP-157): the scraper's matcher and the search read them.
     */
    aliases: text("aliases")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPopular: boolean("is_popular").notNull().default(false),
    popularOrder: integer("popular_order"),
    /** Off: hidden from every public page, feed and API (and its prices with it); the admin still edits it. */
    active: boolean("active").notNull().default(true),
    /**
     * On: public (while active) even before any offer. Off: it goes public with its first
     * active price, so a new peptide never shows as "— 0 vendors" unless the admin says so.
     */
    published: boolean("published").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("peptides_category_id_idx").on(t.categoryId),
    index("peptides_name_idx").on(t.name),
    index("peptides_popular_idx").on(t.isPopular, t.popularOrder),
    // The home page's order (listings.server.ts BY_NAME): one page is read without a sort.
    index("peptides_sort_name_idx").on(sql`lower(${t.name})`, t.name, t.id),
    // The admin price table's search box finds the peptides whose name contains the text
    // (offer-search.server.ts), then their prices.
    index("peptides_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    check("peptides_popular_order_range", sql`${t.popularOrder} between 1 and 3`),
    // One peptide per featured slot, and a popular peptide always has its slot.
    uniqueIndex("peptides_popular_order_uq").on(t.popularOrder),
    check("peptides_popular_has_order", sql`${t.isPopular} = (${t.popularOrder} is not null)`),
    check("peptides_name_length", lengthAtMost("name", TEXT_LIMITS.name)),
    check("peptides_slug_length", lengthAtMost("slug", TEXT_LIMITS.slug)),
    check("peptides_description_length", lengthAtMost("description", TEXT_LIMITS.long)),
    check("peptides_image_url_length", lengthAtMost("image_url", TEXT_LIMITS.url)),
    check("peptides_key_benefits_length", itemsAtMost("key_benefits", 20, TEXT_LIMITS.short)),
    check("peptides_aliases_length", itemsAtMost("aliases", 50, 100)),
  ],
);

/** A peptide's former slugs: old links answer a 301 to the current page. */
export const peptideSlugHistory = pgTable("peptide_slug_history", {
  slug: text("slug").primaryKey(),
  peptideId: ownedBy("peptide_id", () => peptides.id),
  createdAt: createdAt(),
});

export const sizeOptions = pgTable(
  "size_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    peptideId: ownedBy("peptide_id", () => peptides.id),
    quantity: numeric("quantity", { precision: 12, scale: 3, mode: "number" }).notNull(),
    unit: text("unit").notNull(),
    /** Free-text unit, only when unit is 'other'. */
    unitLabel: text("unit_label"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("size_options_peptide_quantity_unit_uq")
      .on(t.peptideId, t.quantity, t.unit, t.unitLabel)
      .nullsNotDistinct(),
    // The admin price table's size sorts walk these, then each size's prices.
    index("size_options_quantity_idx").on(t.quantity, t.id),
    index("size_options_unit_idx").on(t.unit, t.id),
    check("size_options_unit_check", oneOf("unit", UNITS)),
    check("size_options_quantity_positive", sql`${t.quantity} > 0`),
    check("size_options_unit_label_length", lengthAtMost("unit_label", TEXT_LIMITS.code)),
  ],
);

export const vendors = pgTable(
  "vendors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    /**
     * The vendor page's address (/vendor/{slug}), derived from the name in the database so every
     * writer (admin, seed, scripts) gets it; vendors without letters or digits get one from the id.
     */
    slug: text("slug")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `coalesce(nullif(trim(both '-' from left(regexp_replace(regexp_replace(lower(normalize(name, NFKD)), '[\\u0300-\\u036f]', '', 'g'), '[^a-z0-9]+', '-', 'g'), 80)), ''), 'vendor-' || left(id::text, 8))`,
        ),
      ),
    website: text("website"),
    logoUrl: text("logo_url"),
    isPreferred: boolean("is_preferred").notNull().default(false),
    /** SPEC.md's free-text shipping note ("Free over $100"). */
    shippingCost: text("shipping_cost"),
    /** The currency of the vendor's shipping fee, free-shipping threshold and fixed coupons. */
    currency: text("currency").notNull().default("USD"),
    /** Flat shipping fee per order; null when unknown. */
    shippingFee: money("shipping_fee"),
    /** Order subtotal (after coupon) from which shipping is free; null when there is none. */
    freeShippingThreshold: money("free_shipping_threshold"),
    /** ISO 3166-1 alpha-2 codes of the countries the vendor ships to; empty when unknown. */
    shipsTo: text("ships_to")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    paymentMethods: text("payment_methods")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }),
    /**
     * How the Buy links to this shop earn (issue 34, ~/lib/affiliate.ts): a query string to add
     * ("ref=peptideprices") or a full address with {url}; null when the vendor is not affiliated.
     */
    affiliateTemplate: text("affiliate_template"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("vendors_slug_uq").on(t.slug),
    // The admin price table's vendor sort walks the vendors in this order, then their prices.
    index("vendors_sort_name_idx").on(sql`lower(${t.name})`, t.id),
    check("vendors_rating_range", sql`${t.rating} between 0 and 5`),
    check("vendors_currency_check", isoCurrency("currency")),
    check("vendors_shipping_fee_nonnegative", sql`${t.shippingFee} >= 0`),
    check("vendors_free_shipping_threshold_nonnegative", sql`${t.freeShippingThreshold} >= 0`),
    check("vendors_name_length", lengthAtMost("name", TEXT_LIMITS.name)),
    check("vendors_website_length", lengthAtMost("website", TEXT_LIMITS.url)),
    check("vendors_logo_url_length", lengthAtMost("logo_url", TEXT_LIMITS.url)),
    check("vendors_affiliate_template_length", lengthAtMost("affiliate_template", TEXT_LIMITS.url)),
    check("vendors_shipping_cost_length", lengthAtMost("shipping_cost", TEXT_LIMITS.short)),
    check("vendors_ships_to_length", itemsAtMost("ships_to", 250, 2)),
  ],
);

/** A vendor's former slugs (written by a trigger on rename): old links answer a 301. */
export const vendorSlugHistory = pgTable(
  "vendor_slug_history",
  {
    slug: text("slug").primaryKey(),
    vendorId: ownedBy("vendor_id", () => vendors.id),
    createdAt: createdAt(),
  },
  (t) => [check("vendor_slug_history_slug_length", sql`char_length(${t.slug}) <= 100`)],
);

export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorId: uuid("vendor_id")
      .notNull()
      .unique()
      .references(() => vendors.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    discountAmount: money("discount_amount").notNull(),
    discountType: text("discount_type").notNull(),
    expirationDate: date("expiration_date", { mode: "string" }),
    /**
     * Set when the vendor itself entered the coupon (issue 33): shown "reported by the vendor"
     * until buyers confirm it works (the coupon feedback clears it).
     */
    vendorReportedAt: timestamp("vendor_reported_at", { withTimezone: true }),
  },
  (t) => [
    check("coupons_discount_type_check", oneOf("discount_type", DISCOUNT_TYPES)),
    check("coupons_discount_amount_positive", sql`${t.discountAmount} >= 0`),
    check("coupons_code_length", lengthAtMost("code", TEXT_LIMITS.code)),
  ],
);

/**
 * Each vendor's reliability score (app/lib/vendor-reliability.ts), recomputed after every
 * scrape run from price history, stock, freshness, coupon, lab tests and rating: reading it
 * costs one row, computing it scans 90 days of history.
 */
export const vendorReliability = pgTable(
  "vendor_reliability",
  {
    vendorId: uuid("vendor_id")
      .primaryKey()
      .references(() => vendors.id, { onDelete: "cascade" }),
    /** 0…100; null when the vendor has no data for any component. */
    score: integer("score"),
    /** The components with their values and weights, as shown under "How this is computed". */
    components: jsonb("components").$type<ReliabilityComponent[]>().notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("vendor_reliability_score_range", sql`${t.score} between 0 and 100`),
    index("vendor_reliability_score_idx").on(t.score),
  ],
);

export const vendorPeptides = pgTable(
  "vendor_peptides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    peptideId: ownedBy("peptide_id", () => peptides.id),
    sizeOptionId: ownedBy("size_option_id", () => sizeOptions.id),
    vendorId: ownedBy("vendor_id", () => vendors.id),
    price: money("price").notNull(),
    currency: text("currency").notNull().default("USD"),
    url: text("url"),
    purity: text("purity"),
    notes: text("notes"),
    stockStatus: text("stock_status").notNull().default("in_stock"),
    source: text("source").notNull().default("manual"),
    /** Vials in the pack this price buys (a "5 x 10 mg" kit is one offer with vials = 5). */
    vials: integer("vials").notNull().default(1),
    /**
     * Scrape runs in a row that reached this offer's source but read no price for it; reset by
     * every price read. At settings.staleAfterMissedRuns the offer is stale.
     */
    missedScrapes: integer("missed_scrapes").notNull().default(0),
    /** When the price was last confirmed (by a scrape or an admin): the "as of" on every price. */
    priceCheckedAt: timestamp("price_checked_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when a scrape read a new price for this offer that waits in review (an outlier):
     * the stored price is then no longer the shop's, so the offer is "price being checked",
     * neither buyable nor ranked, until a price is written again (approval or a later read).
     */
    priceHeldAt: timestamp("price_held_at", { withTimezone: true }),
    /**
     * How the current price was read: way, URL, time, run, source kind and a short excerpt
     * (~/lib/price-provenance); null for prices written before it was kept.
     */
    priceProvenance: jsonb("price_provenance"),
    /**
     * Set when the price and stock came from the vendor (API or feed, issue 33) and the
     * storefront confirmed them: shown as "vendor-supplied". A later scraped read clears it.
     */
    vendorSuppliedAt: timestamp("vendor_supplied_at", { withTimezone: true }),
    /**
     * The product image the shop names for this offer, re-encoded and stored by us (an upload's
     * URL, scraper/offer-images.server.ts); null when none was usable.
     */
    imageUrl: text("image_url"),
    /** The shop's image address last tried for imageUrl: an unchanged one is not fetched again. */
    imageSourceUrl: text("image_source_url"),
    /** Off: neither shown nor counted anywhere public; the admin still edits it. */
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("vendor_peptides_vendor_size_vials_uq").on(t.vendorId, t.sizeOptionId, t.vials),
    index("vendor_peptides_size_price_idx").on(t.sizeOptionId, t.price),
    index("vendor_peptides_peptide_idx").on(t.peptideId),
    // The admin price table at a real catalogue's size: each sort on an own column (id breaking
    // ties, one index for both directions) and the stock, "stale" and status filters walk an
    // index; long texts sort by their first 200 characters (a btree entry has a size limit).
    // The status index holds two values, a few pages: its count beats reading the table.
    index("vendor_peptides_price_idx").on(t.price, t.id),
    index("vendor_peptides_currency_idx").on(t.currency, t.id),
    index("vendor_peptides_purity_idx").on(t.purity, t.id),
    index("vendor_peptides_notes_idx").on(sql`left(${t.notes}, 200)`, t.id),
    index("vendor_peptides_url_idx").on(sql`left(${t.url}, 200)`, t.id),
    index("vendor_peptides_stock_idx").on(t.stockStatus, t.id),
    index("vendor_peptides_checked_idx").on(t.priceCheckedAt, t.id),
    // With the checked index, the freshness rule's "or" (missed runs, or confirmed too long
    // ago) is two index scans ORed, not a read of every price (freshness.server.ts).
    index("vendor_peptides_missed_idx").on(t.missedScrapes, t.id),
    index("vendor_peptides_active_idx").on(t.active),
    // The search box's own texts of a price: with the peptide and vendor ids found by name,
    // the planner ORs index scans instead of reading every price (offer-search.server.ts).
    index("vendor_peptides_url_trgm_idx").using("gin", t.url.op("gin_trgm_ops")),
    index("vendor_peptides_notes_trgm_idx").using("gin", t.notes.op("gin_trgm_ops")),
    check("vendor_peptides_price_nonnegative", sql`${t.price} >= 0`),
    check("vendor_peptides_currency_check", isoCurrency("currency")),
    check("vendor_peptides_vials_positive", sql`${t.vials} >= 1`),
    check("vendor_peptides_missed_scrapes_nonnegative", sql`${t.missedScrapes} >= 0`),
    check("vendor_peptides_stock_status_check", oneOf("stock_status", STOCK_STATUSES)),
    check("vendor_peptides_source_check", oneOf("source", PRICE_SOURCES)),
    check("vendor_peptides_url_length", lengthAtMost("url", TEXT_LIMITS.url)),
    check("vendor_peptides_purity_length", lengthAtMost("purity", TEXT_LIMITS.code)),
    check("vendor_peptides_notes_length", lengthAtMost("notes", TEXT_LIMITS.long)),
    check("vendor_peptides_image_url_length", lengthAtMost("image_url", TEXT_LIMITS.url)),
    check(
      "vendor_peptides_image_source_url_length",
      lengthAtMost("image_source_url", TEXT_LIMITS.url),
    ),
  ],
);

export const priceHistory = pgTable(
  "price_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorPeptideId: ownedBy("vendor_peptide_id", () => vendorPeptides.id),
    price: money("price").notNull(),
    inStock: boolean("in_stock").notNull(),
    observedAt: timestamp("observed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("price_history_vendor_peptide_observed_idx").on(t.vendorPeptideId, t.observedAt),
    // Each offer's lowest price ever ('Good Deal') is the first entry here: no history scan.
    index("price_history_vendor_peptide_price_idx").on(t.vendorPeptideId, t.price),
    // The price-drop feeds read the newest rows first, in their exact order (ties by id), and
    // stop after one feed's worth.
    index("price_history_observed_idx").on(t.observedAt, t.id),
  ],
);

/**
 * An independent lab's result for one vendor's peptide (issue 23): entered by an admin, shown
 * on the vendor and peptide pages, and behind the "Tested" badge. Whether it passed is worked
 * out when read (app/lib/lab-tests.ts), against the thresholds in settings, so changing a
 * threshold re-judges every test.
 */
export const labTests = pgTable(
  "lab_tests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorId: ownedBy("vendor_id", () => vendors.id),
    peptideId: ownedBy("peptide_id", () => peptides.id),
    /** The vial size tested; null when the report does not say or the size is gone. */
    sizeOptionId: uuid("size_option_id").references(() => sizeOptions.id, {
      onDelete: "set null",
    }),
    /**
     * The report states that it covers every size of the batch (issue 30): the test then
     * speaks for all the vendor's sizes of the peptide, not only the vial in `sizeOptionId`.
     */
    coversAllSizes: boolean("covers_all_sizes").notNull().default(false),
    labName: text("lab_name").notNull(),
    testedOn: date("tested_on", { mode: "string" }).notNull(),
    batch: text("batch"),
    /** Mass per vial the label claims, in mg. */
    claimedMassMg: numeric("claimed_mass_mg", { precision: 12, scale: 3, mode: "number" }),
    measuredMassMg: numeric("measured_mass_mg", { precision: 12, scale: 3, mode: "number" }),
    purityPercent: numeric("purity_percent", { precision: 5, scale: 2, mode: "number" }),
    /** Short free text as the report words it ("< 0.5 EU/mg", "Pass"); null: not tested. */
    endotoxin: text("endotoxin"),
    heavyMetals: text("heavy_metals"),
    /** An uploaded PDF or image (a path under /uploads or the bucket's URL), or a link. */
    reportUrl: text("report_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lab_tests_vendor_peptide_idx").on(t.vendorId, t.peptideId, t.testedOn),
    index("lab_tests_peptide_idx").on(t.peptideId, t.testedOn),
    check("lab_tests_claimed_mass_positive", sql`${t.claimedMassMg} > 0`),
    check("lab_tests_measured_mass_nonnegative", sql`${t.measuredMassMg} >= 0`),
    check("lab_tests_purity_range", sql`${t.purityPercent} between 0 and 100`),
    check("lab_tests_lab_name_length", lengthAtMost("lab_name", LAB_TEST_LIMITS.labName)),
    check("lab_tests_batch_length", lengthAtMost("batch", LAB_TEST_LIMITS.batch)),
    check("lab_tests_endotoxin_length", lengthAtMost("endotoxin", LAB_TEST_LIMITS.result)),
    check("lab_tests_heavy_metals_length", lengthAtMost("heavy_metals", LAB_TEST_LIMITS.result)),
    check("lab_tests_report_url_length", lengthAtMost("report_url", LAB_TEST_LIMITS.reportUrl)),
  ],
);

// ---------------------------------------------------------------- site content

export const heroContent = pgTable(
  "hero_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    description: text("description"),
    primaryButtonText: text("primary_button_text"),
    secondaryButtonText: text("secondary_button_text"),
    imageUrl: text("image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check("hero_content_title_length", lengthAtMost("title", HERO_LIMITS.title)),
    check("hero_content_subtitle_length", lengthAtMost("subtitle", HERO_LIMITS.subtitle)),
    check("hero_content_description_length", lengthAtMost("description", HERO_LIMITS.description)),
    check(
      "hero_content_primary_button_text_length",
      lengthAtMost("primary_button_text", HERO_LIMITS.primaryButtonText),
    ),
    check(
      "hero_content_secondary_button_text_length",
      lengthAtMost("secondary_button_text", HERO_LIMITS.secondaryButtonText),
    ),
    check("hero_content_image_url_length", lengthAtMost("image_url", TEXT_LIMITS.url)),
  ],
);

export const footerContent = pgTable(
  "footer_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    section: text("section").notNull().unique(),
    title: text("title").notNull(),
    /** Sanitized HTML: sanitized again on every write, never trusted as stored. */
    content: text("content").notNull().default(""),
    updatedAt: updatedAt(),
  },
  () => [
    check("footer_content_section_check", oneOf("section", FOOTER_SECTIONS)),
    check("footer_content_title_length", lengthAtMost("title", FOOTER_LIMITS.title)),
    check("footer_content_content_length", lengthAtMost("content", FOOTER_LIMITS.content)),
  ],
);

export const ads = pgTable(
  "ads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull().default("basic"),
    title: text("title").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    linkUrl: text("link_url"),
    ctaText: text("cta_text").notNull().default("Learn More"),
    active: boolean("active").notNull().default(true),
    placement: text("placement").notNull().default("homepage"),
    size: text("size").notNull().default("full"),
    overlayPosition: text("overlay_position"),
    overlayColor: text("overlay_color"),
    textColor: text("text_color"),
    mediaUrl: text("media_url"),
    mediaType: text("media_type"),
    logoUrl: text("logo_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ads_placement_active_idx").on(t.placement, t.active),
    check("ads_type_check", oneOf("type", AD_TYPES)),
    check("ads_placement_check", oneOf("placement", AD_PLACEMENTS)),
    check("ads_size_check", oneOf("size", AD_SIZES)),
    check(
      "ads_overlay_position_check",
      sql`overlay_position is null or ${oneOf("overlay_position", AD_OVERLAY_POSITIONS)}`,
    ),
    check(
      "ads_media_type_check",
      sql`media_type is null or ${oneOf("media_type", AD_MEDIA_TYPES)}`,
    ),
    check("ads_title_length", lengthAtMost("title", TEXT_LIMITS.name)),
    check("ads_description_length", lengthAtMost("description", TEXT_LIMITS.long)),
    check("ads_image_url_length", lengthAtMost("image_url", TEXT_LIMITS.url)),
    check("ads_link_url_length", lengthAtMost("link_url", TEXT_LIMITS.url)),
    check("ads_cta_text_length", lengthAtMost("cta_text", TEXT_LIMITS.code)),
    check("ads_overlay_color_length", lengthAtMost("overlay_color", TEXT_LIMITS.code)),
    check("ads_text_color_length", lengthAtMost("text_color", TEXT_LIMITS.code)),
    check("ads_media_url_length", lengthAtMost("media_url", TEXT_LIMITS.url)),
    check("ads_logo_url_length", lengthAtMost("logo_url", TEXT_LIMITS.url)),
  ],
);

export const categoryFilters = pgTable(
  "category_filters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    type: text("type").notNull().default("checkbox"),
    /** What the filter narrows on the home page. */
    field: text("field").notNull(),
    position: integer("position").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check("category_filters_type_check", oneOf("type", FILTER_TYPES)),
    check("category_filters_field_check", oneOf("field", FILTER_FIELDS)),
    check("category_filters_name_length", lengthAtMost("name", TEXT_LIMITS.name)),
  ],
);

/** One row (id = 1): the operator's settings, read by the scraper and the alerts. */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    scrapeIntervalSeconds: integer("scrape_interval_seconds").notNull().default(3600),
    maxUrlsPerRun: integer("max_urls_per_run").notNull().default(50),
    requestDelayMs: integer("request_delay_ms").notNull().default(1000),
    respectRobotsTxt: boolean("respect_robots_txt").notNull().default(true),
    priceAlertsEnabled: boolean("price_alerts_enabled").notNull().default(true),
    priceAlertThresholdPercent: numeric("price_alert_threshold_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    })
      .notNull()
      .default(5),
    /** Runs in a row without a price read before an offer is stale (out of best price). */
    staleAfterMissedRuns: integer("stale_after_missed_runs").notNull().default(3),
    /** Refresh the exchange rates daily from the ECB euro reference rates. */
    exchangeRatesAutoRefresh: boolean("exchange_rates_auto_refresh").notNull().default(false),
    /** A lab test whose purity is below this fails (app/lib/lab-tests.ts). */
    labTestMinPurityPercent: numeric("lab_test_min_purity_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    })
      .notNull()
      .default(98),
    /** A lab test whose measured mass is further than this from the label fails. */
    labTestMaxMassDeviationPercent: numeric("lab_test_max_mass_deviation_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    })
      .notNull()
      .default(10),
    /** Site-wide switch for every vendor's affiliate template (issue 34): off, Buy links go plain. */
    affiliateLinksEnabled: boolean("affiliate_links_enabled").notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("settings_single_row", sql`${t.id} = 1`),
    check("settings_interval_positive", sql`${t.scrapeIntervalSeconds} >= 60`),
    check("settings_max_urls_positive", sql`${t.maxUrlsPerRun} >= 1`),
    check("settings_delay_nonnegative", sql`${t.requestDelayMs} >= 0`),
    check("settings_stale_after_range", sql`${t.staleAfterMissedRuns} between 1 and 100`),
    check(
      "settings_interval_at_most",
      sql`${t.scrapeIntervalSeconds} <= ${sql.raw(String(SETTINGS_LIMITS.scrapeIntervalSeconds.max))}`,
    ),
    check(
      "settings_max_urls_at_most",
      sql`${t.maxUrlsPerRun} <= ${sql.raw(String(SETTINGS_LIMITS.maxUrlsPerRun.max))}`,
    ),
    check(
      "settings_delay_at_most",
      sql`${t.requestDelayMs} <= ${sql.raw(String(SETTINGS_LIMITS.requestDelayMs.max))}`,
    ),
    check(
      "settings_threshold_range",
      sql`${t.priceAlertThresholdPercent} > 0 and ${t.priceAlertThresholdPercent} <= 100`,
    ),
    check(
      "settings_lab_test_min_purity_range",
      sql`${t.labTestMinPurityPercent} between 0 and 100`,
    ),
    check(
      "settings_lab_test_max_mass_deviation_range",
      sql`${t.labTestMaxMassDeviationPercent} > 0 and ${t.labTestMaxMassDeviationPercent} <= 100`,
    ),
  ],
);

/**
 * How many units of a currency one US dollar buys: public pages compare prices kept in the
 * shops' own currencies through these. Edited by an admin, optionally refreshed from the ECB.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    currency: text("currency").primaryKey(),
    unitsPerUsd: numeric("units_per_usd", { precision: 20, scale: 8, mode: "number" }).notNull(),
    source: text("source").notNull().default("manual"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("exchange_rates_currency_check", isoCurrency("currency")),
    check("exchange_rates_rate_positive", sql`${t.unitsPerUsd} > 0`),
    check("exchange_rates_source_check", oneOf("source", EXCHANGE_RATE_SOURCES)),
  ],
);

// ---------------------------------------------------------------- scraping

/** One `char_length(col) <= N` CHECK per text column of a scraping table. */
function scrapingTextLengthChecks(table: string, limits: Record<string, number>) {
  return Object.entries(limits).map(([column, max]) =>
    check(`${table}_${column}_length`, sql.raw(`char_length("${column}") <= ${max}`)),
  );
}

export const scrapeSources = pgTable(
  "scrape_sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    retailerName: text("retailer_name").notNull(),
    url: text("url").notNull(),
    status: text("status").notNull().default("inactive"),
    lastError: text("last_error"),
    lastScrapedAt: timestamp("last_scraped_at", { withTimezone: true }),
    pageType: text("page_type").notNull().default("single"),
    productSelector: text("product_selector").notNull(),
    priceSelector: text("price_selector").notNull(),
    nameSelector: text("name_selector").notNull(),
    linkSelector: text("link_selector"),
    paginationSelector: text("pagination_selector"),
    nextPageSelector: text("next_page_selector"),
    soldOutSelector: text("sold_out_selector"),
    vendorId: uuid("vendor_id").references(() => vendors.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    /** The shop's currency for prices printed without an ISO code (a bare "$"); null: unknown. */
    currency: text("currency"),
    /** 'page': selectors or structured data on url; otherwise the shop platform's feed at url. */
    kind: text("kind").$type<ScrapeSourceKind>().notNull().default("page"),
    /**
     * Where the next run of a shop source larger than its share of the run's URL cap goes on:
     * the index of the next product page of its sitemap, or of the next page of its platform
     * feed (0: from the start).
     */
    readCursor: integer("read_cursor").notNull().default(0),
    /**
     * The catalogue's size in products as the last run stated or counted it; a Shopify feed
     * states none, so its runs before the end is reached again show this one.
     */
    readTotal: integer("read_total"),
    /** How far the last run got: "read 49 of 82 products this run, full pass every 2 runs". */
    readProgress: text("read_progress"),
    createdAt: createdAt(),
    /**
     * The row's version for the admin's edit form: set by admin writes only (no $onUpdate), so
     * a run writing the source's status and last scrape does not make an open form stale.
     */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check("scrape_sources_status_check", oneOf("status", SCRAPE_SOURCE_STATUSES)),
    check("scrape_sources_kind_check", oneOf("kind", SCRAPE_SOURCE_KINDS)),
    check("scrape_sources_page_type_check", oneOf("page_type", PAGE_TYPES)),
    check("scrape_sources_currency_check", isoCurrency("currency")),
    ...scrapingTextLengthChecks("scrape_sources", {
      retailer_name: TEXT_LIMITS.name,
      url: TEXT_LIMITS.url,
      last_error: TEXT_LIMITS.long,
      product_selector: TEXT_LIMITS.short,
      price_selector: TEXT_LIMITS.short,
      name_selector: TEXT_LIMITS.short,
      link_selector: TEXT_LIMITS.short,
      pagination_selector: TEXT_LIMITS.short,
      next_page_selector: TEXT_LIMITS.short,
      sold_out_selector: TEXT_LIMITS.short,
    }),
  ],
);

export const scrapedData = pgTable(
  "scraped_data",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: ownedBy("source_id", () => scrapeSources.id),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("scraped_data_source_idx").on(t.sourceId, t.createdAt)],
);

export const scrapeLogs = pgTable(
  "scrape_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: uuid("source_id").references(() => scrapeSources.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    status: text("status").notNull(),
    details: text("details"),
    createdAt: createdAt(),
  },
  (t) => [
    // The logs table's order (newest first, id breaking ties), read an index page at a time.
    index("scrape_logs_created_idx").on(t.createdAt, t.id),
    // One source's lines (a failed run's "View log" link).
    index("scrape_logs_source_created_idx").on(t.sourceId, t.createdAt, t.id),
    check("scrape_logs_status_check", oneOf("status", SCRAPE_LOG_STATUSES)),
  ],
);

/** Why a scraped listing waits for an admin, in the order the pipeline checks them. */
export const SCRAPE_REVIEW_REASONS = [
  "blend",
  "not_vial",
  "look_alike",
  "unknown_peptide",
  "unknown_size",
  "unknown_currency",
  "price_outlier",
] as const;
/** 'ignored': the admin said to skip this vendor's listing of that name on every later run. */
export const SCRAPE_REVIEW_STATUSES = ["pending", "approved", "rejected", "ignored"] as const;
export const LISTING_FORMS = ["vial", "capsule", "tablet", "spray", "pen", "other"] as const;

/** Scraped listings held back from going live, with what the matcher read from the title. */
export const scrapeReviewItems = pgTable(
  "scrape_review_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: uuid("source_id").references(() => scrapeSources.id, { onDelete: "set null" }),
    vendorId: uuid("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    price: money("price"),
    /** Null when neither the listing nor the source says which currency the price is in. */
    currency: text("currency"),
    link: text("link"),
    soldOut: boolean("sold_out").notNull().default(false),
    reason: text("reason").notNull(),
    /** One vial's amount as read from the title (masses in mg); null when none was found. */
    quantity: numeric("quantity", { precision: 12, scale: 4, mode: "number" }),
    unit: text("unit"),
    vials: integer("vials").notNull().default(1),
    form: text("form").notNull().default("vial"),
    suggestedPeptideId: uuid("suggested_peptide_id").references(() => peptides.id, {
      onDelete: "set null",
    }),
    suggestedSizeOptionId: uuid("suggested_size_option_id").references(() => sizeOptions.id, {
      onDelete: "set null",
    }),
    status: text("status").notNull().default("pending"),
    /** How the listing's price was read (~/lib/price-provenance), for the admin deciding. */
    provenance: jsonb("provenance"),
    createdAt: createdAt(),
  },
  (t) => [
    index("scrape_review_items_status_created_idx").on(t.status, t.createdAt),
    check("scrape_review_items_reason_check", oneOf("reason", SCRAPE_REVIEW_REASONS)),
    check("scrape_review_items_status_check", oneOf("status", SCRAPE_REVIEW_STATUSES)),
    check("scrape_review_items_form_check", oneOf("form", LISTING_FORMS)),
    check("scrape_review_items_vials_positive", sql`${t.vials} >= 1`),
    check("scrape_review_items_currency_check", isoCurrency("currency")),
    index("scrape_review_items_vendor_name_idx").on(t.vendorId, t.name),
    // Scraped text: bounded generously, so no real listing is ever refused.
    ...scrapingTextLengthChecks("scrape_review_items", {
      name: TEXT_LIMITS.long,
      link: TEXT_LIMITS.long,
      unit: TEXT_LIMITS.code,
    }),
  ],
);

export const SCRAPE_RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export const SCRAPE_RUN_TRIGGERS = ["manual", "scheduled"] as const;

/**
 * One scraping run (one source or all active ones) executed by a pg-boss worker. Any
 * instance's admin page polls its counters. While a run is queued or running, its lock key
 * (the source id, or "all") is unique, so a second click joins the run instead of starting one.
 */
export const scrapeRuns = pgTable(
  "scrape_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trigger: text("trigger").notNull(),
    lockKey: text("lock_key").notNull(),
    sourceId: uuid("source_id").references(() => scrapeSources.id, { onDelete: "set null" }),
    status: text("status").notNull().default("queued"),
    sourcesTotal: integer("sources_total").notNull().default(0),
    sourcesDone: integer("sources_done").notNull().default(0),
    pagesFetched: integer("pages_fetched").notNull().default(0),
    listingsFound: integer("listings_found").notNull().default(0),
    matched: integer("matched").notNull().default(0),
    sentToReview: integer("sent_to_review").notNull().default(0),
    ok: boolean("ok"),
    message: text("message"),
    /** The listings read, for the results table (ScrapedDataArrays). */
    result: jsonb("result"),
    requestedBy: text("requested_by"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Touched with every counter change: a run silent for long was cut off by a crash. */
    updatedAt: updatedAt(),
    /** The instance whose worker executes the run (run-recovery.server.ts: host, pid, boot). */
    ownerInstanceId: text("owner_instance_id"),
    /** Beaten by the executing worker while the run lives; a silent one lost its worker. */
    lastHeartbeatAt: timestamp("last_heartbeat_at", { withTimezone: true }),
    /** The sources a run over all sources took on when it started (a click on another queues). */
    coveredSourceIds: uuid("covered_source_ids").array(),
  },
  (t) => [
    uniqueIndex("scrape_runs_active_lock_idx")
      .on(t.lockKey)
      .where(sql`${t.status} in ('queued', 'running')`),
    index("scrape_runs_created_idx").on(t.createdAt),
    check("scrape_runs_status_check", oneOf("status", SCRAPE_RUN_STATUSES)),
    check("scrape_runs_trigger_check", oneOf("trigger", SCRAPE_RUN_TRIGGERS)),
  ],
);

/**
 * An Add-shop detection and preview, run as a background job (issue 31 Must 6): the request
 * only queues it, the page polls its phase, and the offers it read stay here to be paged.
 * A preview whose worker stopped is told apart by its owner and heartbeat (run-recovery).
 */
export const shopPreviews = pgTable(
  "shop_previews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    address: text("address").notNull(),
    requestedBy: text("requested_by").notNull(),
    status: text("status").notNull().default("queued"),
    /** What the job is doing now ("Reading the catalogue"), for the polling page. */
    phase: text("phase"),
    requests: integer("requests").notNull().default(0),
    offersFound: integer("offers_found").notNull().default(0),
    /** Why it failed, or what it found. */
    message: text("message"),
    shopUrl: text("shop_url"),
    kind: text("kind"),
    findings: jsonb("findings").$type<string[]>().notNull().default([]),
    complete: boolean("complete"),
    ownerInstanceId: text("owner_instance_id"),
    lastHeartbeatAt: timestamp("last_heartbeat_at", { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("shop_previews_created_idx").on(t.createdAt),
    check("shop_previews_status_check", oneOf("status", SCRAPE_RUN_STATUSES)),
  ],
);

/**
 * A read of a shop an admin, a claimant or a vendor's API key asked for (issue 37 Must 2: no
 * shop is read inside an HTTP request): the request records and queues it, a worker reads the
 * shop and stores the outcome here, and the asking page (or GET) shows it once done.
 */
export const shopReads = pgTable(
  "shop_reads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    /** What the read is about (a claim, a report, a vendor): the page that shows it asks by it. */
    subject: text("subject").notNull(),
    /** What to read, as the kind's job takes it. */
    input: jsonb("input").notNull(),
    status: text("status").notNull().default("queued"),
    /** The outcome in a sentence (the failure, or what was found). */
    message: text("message"),
    /** The outcome as the asking page shows it (the selector test's report). */
    result: jsonb("result"),
    ownerInstanceId: text("owner_instance_id"),
    lastHeartbeatAt: timestamp("last_heartbeat_at", { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("shop_reads_subject_idx").on(t.kind, t.subject, t.createdAt),
    index("shop_reads_status_idx").on(t.status, t.createdAt),
    check("shop_reads_status_check", oneOf("status", SCRAPE_RUN_STATUSES)),
    check("shop_reads_kind_check", oneOf("kind", SHOP_READ_KINDS)),
  ],
);

/** One offer a preview read, with what a run would make of it against today's catalogue. */
export const shopPreviewOffers = pgTable(
  "shop_preview_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    previewId: ownedBy("preview_id", () => shopPreviews.id),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** The offer as the shop stated it (PreviewOffer). */
    offer: jsonb("offer").notNull(),
    outcome: text("outcome").notNull(),
    /** What matching made of its name (PreviewMatch and the peptide's name). */
    match: jsonb("match").notNull(),
    ignored: boolean("ignored").notNull().default(false),
  },
  (t) => [
    index("shop_preview_offers_position_idx").on(t.previewId, t.position),
    index("shop_preview_offers_outcome_idx").on(t.previewId, t.outcome, t.position),
  ],
);

/**
 * A source's health across runs: failures in a row, and the open incident (3 failures in a
 * row, or every offer stale) the admins were e-mailed about; null once it recovered.
 */
export const scrapeSourceHealth = pgTable("scrape_source_health", {
  sourceId: uuid("source_id")
    .primaryKey()
    .references(() => scrapeSources.id, { onDelete: "cascade" }),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  incidentSince: timestamp("incident_since", { withTimezone: true }),
  incidentReason: text("incident_reason"),
  updatedAt: updatedAt(),
});

/**
 * The next moment the scraper may send a request to a host, claimed atomically by every run
 * on every instance, so the per-host delay holds across overlapping runs.
 */
export const scrapeHostSlots = pgTable("scrape_host_slots", {
  host: text("host").primaryKey(),
  nextAllowedAt: timestamp("next_allowed_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- users' data

export const savedDeals = pgTable(
  "saved_deals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedByUser("user_id"),
    /** Null once the offer is gone; the snapshot below keeps the deal readable. */
    vendorPeptideId: uuid("vendor_peptide_id").references(() => vendorPeptides.id, {
      onDelete: "set null",
    }),
    peptideName: text("peptide_name").notNull(),
    vendorName: text("vendor_name").notNull(),
    quantity: numeric("quantity", { precision: 12, scale: 3, mode: "number" }),
    unit: text("unit"),
    purity: text("purity"),
    currency: text("currency").notNull().default("USD"),
    priceAtSave: money("price_at_save").notNull(),
    /**
     * The delivered total (landed: after coupon plus shipping for one pack) when saved, in the
     * saver's display currency then; null when shipping was not stated (or saved before it was kept).
     */
    totalAtSave: money("total_at_save"),
    totalCurrencyAtSave: text("total_currency_at_save"),
    /** The vendor's coupon code when the deal was saved. */
    couponCode: text("coupon_code"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text("notes"),
    alertEnabled: boolean("alert_enabled").notNull().default(true),
    /** The price the owner was last told about, so one drop sends one e-mail. */
    lastAlertedPrice: money("last_alerted_price"),
    createdAt: createdAt(),
  },
  (t) => [
    index("saved_deals_user_idx").on(t.userId, t.createdAt),
    index("saved_deals_vendor_peptide_idx").on(t.vendorPeptideId),
    uniqueIndex("saved_deals_user_vendor_peptide_uq").on(t.userId, t.vendorPeptideId),
  ],
);

/** A user's target-price alert on one size of a peptide: any buyable vendor counts. */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedByUser("user_id"),
    peptideId: ownedBy("peptide_id", () => peptides.id),
    sizeOptionId: ownedBy("size_option_id", () => sizeOptions.id),
    mode: text("mode").notNull().default("below"),
    /**
     * A back-in-stock alert on one vendor's offer rather than any offer of the size; still one
     * alert per user and size (a "below" alert already tells when the size returns under target).
     */
    vendorPeptideId: uuid("vendor_peptide_id").references(() => vendorPeptides.id, {
      onDelete: "cascade",
    }),
    /** In `currency`; null for an alert on any change or a back-in-stock alert. */
    targetPrice: money("target_price"),
    currency: text("currency").notNull().default("USD"),
    /** Compare the price after coupon plus the vendor's shipping for one pack. */
    includeShipping: boolean("include_shipping").notNull().default(false),
    /**
     * The "Ship to" destination (ISO alpha-2) the total counts shipping to, as the visitor had
     * it when saving; null is "Anywhere" (each vendor's own fee), as alerts older than it.
     */
    shipTo: text("ship_to"),
    channels: text("channels")
      .array()
      .notNull()
      .default(sql`'{email}'::text[]`),
    webhookUrl: text("webhook_url"),
    /** Set when posts to the webhook kept failing: it is skipped until the user saves the alert again. */
    webhookDisabledAt: timestamp("webhook_disabled_at", { withTimezone: true }),
    digest: text("digest").notNull().default("immediate"),
    /** Crossing state, claimed with a compare-and-set so racing evaluations notify once. */
    isBelow: boolean("is_below").notNull().default(false),
    lastPrice: money("last_price"),
    lastNotifiedPrice: money("last_notified_price"),
    lastNotifiedAt: timestamp("last_notified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("price_alerts_user_size_uq").on(t.userId, t.sizeOptionId),
    index("price_alerts_size_idx").on(t.sizeOptionId),
    check("price_alerts_mode_check", oneOf("mode", ALERT_MODES)),
    check("price_alerts_digest_check", oneOf("digest", ALERT_DIGESTS)),
    check("price_alerts_ship_to_check", sql`${t.shipTo} ~ '^[A-Z]{2}$'`),
    check("price_alerts_currency_check", isoCurrency("currency")),
    check("price_alerts_target_positive", sql`${t.targetPrice} > 0`),
    check(
      "price_alerts_offer_only_restock",
      sql`${t.vendorPeptideId} is null or ${t.mode} = 'restock'`,
    ),
    check(
      "price_alerts_below_has_target",
      sql`${t.mode} <> 'below' or ${t.targetPrice} is not null`,
    ),
    check(
      "price_alerts_channels_check",
      sql.raw(
        `cardinality("channels") between 1 and ${ALERT_CHANNELS.length} and "channels" <@ array[${ALERT_CHANNELS.map((c) => `'${c}'`).join(", ")}]::text[]`,
      ),
    ),
    check(
      "price_alerts_webhook_url_length",
      sql`char_length(${t.webhookUrl}) <= ${sql.raw(String(WEBHOOK_URL_MAX_LENGTH))}`,
    ),
    check(
      "price_alerts_webhook_needs_url",
      sql`not ('webhook' = any(${t.channels})) or ${t.webhookUrl} is not null`,
    ),
  ],
);

/** A browser's Web Push subscription (one per browser profile; a user may have several). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedByUser("user_id"),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    /** Last saved by its browser or last delivered to: the least recently used is replaced first. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("push_subscriptions_user_idx").on(t.userId),
    check("push_subscriptions_endpoint_length", sql`char_length(${t.endpoint}) <= 2048`),
    check("push_subscriptions_p256dh_length", sql`char_length(${t.p256dh}) <= 200`),
    check("push_subscriptions_auth_length", sql`char_length(${t.auth}) <= 100`),
  ],
);

export const ALERT_DELIVERY_CHANNELS = ["push", "webhook", "email"] as const;
export const ALERT_DELIVERY_STATUSES = ["pending", "sending", "sent", "failed"] as const;

/**
 * Pushes and webhook posts waiting for the background job (an outbox): written with the
 * crossing, sent outside the request, retried a few times. An alert e-mail that failed at once
 * waits here for its retries too.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedByUser("user_id"),
    channel: text("channel").notNull(),
    /** The webhook's URL; null for a push (sent to each of the user's subscriptions). */
    url: text("url"),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("alert_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    check("alert_deliveries_channel_check", oneOf("channel", ALERT_DELIVERY_CHANNELS)),
    check("alert_deliveries_status_check", oneOf("status", ALERT_DELIVERY_STATUSES)),
    check("alert_deliveries_url_length", sql`char_length(${t.url}) <= 2048`),
    check("alert_deliveries_last_error_length", sql`char_length(${t.lastError}) <= 500`),
  ],
);

/** Crossings of daily-digest alerts, waiting for the user's next digest. */
export const alertDigestItems = pgTable(
  "alert_digest_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    alertId: ownedBy("alert_id", () => priceAlerts.id),
    userId: ownedByUser("user_id"),
    item: jsonb("item").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("alert_digest_items_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A signed-in user's saved stack: its lines as `{ peptide, size, quantity }` objects (the
 * prices are worked out afresh on every view), shared read-only by its unguessable token.
 */
export const savedStacks = pgTable(
  "saved_stacks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedByUser("user_id"),
    name: text("name").notNull(),
    items: jsonb("items").notNull(),
    shareToken: text("share_token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("saved_stacks_user_idx").on(t.userId, t.createdAt),
    check("saved_stacks_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("saved_stacks_share_token_length", sql`char_length(${t.shareToken}) between 32 and 64`),
    check(
      "saved_stacks_items_array",
      sql`jsonb_typeof(${t.items}) = 'array' and jsonb_array_length(${t.items}) between 1 and 15`,
    ),
  ],
);

export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  // The audit table at 100,000s of entries (npm run bench:admin): its order (newest first, id
  // breaking ties), the entity filter and its list of kinds, the searches by name and id (the
  // name's "anywhere in the text" ILIKE a trigram index answers) and the actor filter.
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_entity_created_idx").on(t.entity, t.createdAt, t.id),
    index("audit_log_entity_id_idx").on(t.entityId),
    // The actor filter (the start of the address, any case); the address itself is in the
    // index so that a count of one actor's entries is read from it alone.
    index("audit_log_actor_prefix_idx").on(
      sql`lower(${t.actorEmail}) text_pattern_ops`,
      t.actorEmail,
    ),
    index("audit_log_name_trgm_idx").using("gin", sql`(${t.details} ->> 'name') gin_trgm_ops`),
  ],
);

/**
 * One counted outbound click (issue 34): a Buy or vendor link followed through /go. Neither the
 * visitor's address nor a cookie is kept; offer and vendor are plain ids, not foreign keys, so
 * the log outlives a deleted offer or vendor.
 */
export const outboundClicks = pgTable(
  "outbound_clicks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull().defaultNow(),
    /** The offer followed; null for a vendor page's own link (/go/vendor/{id}). */
    offerId: uuid("offer_id"),
    vendorId: uuid("vendor_id").notNull(),
    /** The path of our page the click came from (same-origin Referer, no query); null if unknown. */
    page: text("page"),
    /** The visitor's ship-to country (ISO 3166-1 alpha-2); null for anywhere. */
    shipTo: text("ship_to"),
    /** Whether the vendor's affiliate template was applied to this click's target. */
    affiliated: boolean("affiliated").notNull(),
  },
  (t) => [
    index("outbound_clicks_clicked_idx").on(t.clickedAt),
    index("outbound_clicks_vendor_clicked_idx").on(t.vendorId, t.clickedAt),
    check("outbound_clicks_page_length", lengthAtMost("page", TEXT_LIMITS.url)),
    check("outbound_clicks_ship_to_length", lengthAtMost("ship_to", 2)),
  ],
);

/** Marks what the demo installer put in, so /login shows the demo hint only while it is there. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Deleted admin records, kept 30 days so they can be restored (app/.server/data/trash.server.ts):
 * one row per deleted record, with its own row and every dependent row a restore re-inserts.
 * Rows deleted together share a batch (the Undo toast restores the batch). Not public.
 */
export const trashItems = pgTable(
  "trash_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    name: text("name").notNull(),
    /** `{ tables: { [table]: row[] }, links: [...] }` as trash.server.ts captured them. */
    payload: jsonb("payload").notNull(),
    deletedBy: text("deleted_by").references(() => user.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("trash_items_batch_idx").on(t.batchId),
    index("trash_items_deleted_at_idx").on(t.deletedAt),
    check("trash_items_entity_length", sql`char_length(${t.entity}) <= 64`),
    check("trash_items_entity_id_length", sql`char_length(${t.entityId}) <= 64`),
    check("trash_items_name_length", sql`char_length(${t.name}) <= 200`),
  ],
);

// ---------------------------------------------------------------- trust loop (issue 33)

/**
 * A buyer's "Report a problem" on one offer (app/lib/trust/offer-reports.ts): open until an
 * admin closes it with an outcome, which a signed-in reporter is mailed. The vendor is kept on
 * the row so the vendor page counts its reports with one index range.
 */
export const offerReports = pgTable(
  "offer_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorPeptideId: ownedBy("vendor_peptide_id", () => vendorPeptides.id),
    vendorId: ownedBy("vendor_id", () => vendors.id),
    kind: text("kind").notNull(),
    detail: text("detail").notNull().default(""),
    /** Null for a visitor without an account (nobody to tell the outcome). */
    reporterUserId: text("reporter_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The offer as the reporter saw it, so the admin compares it with a re-check. */
    reportedPrice: money("reported_price").notNull(),
    reportedCurrency: text("reported_currency").notNull(),
    reportedStock: text("reported_stock").notNull(),
    status: text("status").notNull().default("open"),
    /** The last "re-check now": when, and what it read, in a sentence. */
    recheckedAt: timestamp("rechecked_at", { withTimezone: true }),
    recheckResult: text("recheck_result"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("offer_reports_status_created_idx").on(t.status, t.createdAt),
    index("offer_reports_vendor_created_idx").on(t.vendorId, t.createdAt),
    index("offer_reports_offer_idx").on(t.vendorPeptideId),
    check("offer_reports_kind_check", oneOf("kind", OFFER_REPORT_KINDS)),
    check("offer_reports_status_check", oneOf("status", OFFER_REPORT_STATUSES)),
    check("offer_reports_detail_length", lengthAtMost("detail", OFFER_REPORT_DETAIL_MAX)),
    check("offer_reports_recheck_result_length", lengthAtMost("recheck_result", TEXT_LIMITS.short)),
    check("offer_reports_reported_currency_check", isoCurrency("reported_currency")),
    check("offer_reports_reported_stock_check", oneOf("reported_stock", STOCK_STATUSES)),
  ],
);

/**
 * A buyer's "worked / didn't work" on a vendor's coupon code: one per user, coupon and week
 * (`week`: its Monday, UTC), on the code as it was (a new code starts without votes).
 */
export const couponFeedback = pgTable(
  "coupon_feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    couponId: ownedBy("coupon_id", () => coupons.id),
    code: text("code").notNull(),
    userId: ownedByUser("user_id"),
    worked: boolean("worked").notNull(),
    week: date("week", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupon_feedback_user_week_uq").on(t.couponId, t.userId, t.week),
    index("coupon_feedback_coupon_created_idx").on(t.couponId, t.code, t.createdAt),
    check("coupon_feedback_code_length", lengthAtMost("code", TEXT_LIMITS.code)),
  ],
);

/** A user's review of a vendor (app/lib/trust/vendor-reviews.ts), public once approved. */
export const vendorReviews = pgTable(
  "vendor_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorId: ownedBy("vendor_id", () => vendors.id),
    userId: ownedByUser("user_id"),
    stars: integer("stars").notNull(),
    text: text("text").notNull(),
    status: text("status").notNull().default("pending"),
    /** Why a moderator rejected it: shown to its author. */
    rejectionReason: text("rejection_reason"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    moderatedBy: text("moderated_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("vendor_reviews_vendor_status_created_idx").on(t.vendorId, t.status, t.createdAt),
    index("vendor_reviews_user_vendor_idx").on(t.userId, t.vendorId, t.createdAt),
    index("vendor_reviews_status_created_idx").on(t.status, t.createdAt),
    check("vendor_reviews_stars_range", sql`${t.stars} between 1 and 5`),
    check("vendor_reviews_status_check", oneOf("status", REVIEW_STATUSES)),
    check("vendor_reviews_text_length", lengthAtMost("text", REVIEW_TEXT_MAX)),
    check(
      "vendor_reviews_rejection_reason_length",
      lengthAtMost("rejection_reason", REVIEW_REJECTION_MAX),
    ),
  ],
);

/** Anyone's report of a published review; open until a moderator rejects it or clears them. */
export const vendorReviewReports = pgTable(
  "vendor_review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: ownedBy("review_id", () => vendorReviews.id),
    reporterUserId: text("reporter_user_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("vendor_review_reports_review_idx").on(t.reviewId, t.resolvedAt),
    check("vendor_review_reports_reason_length", lengthAtMost("reason", REVIEW_REPORT_MAX)),
  ],
);
