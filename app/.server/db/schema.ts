import { sql } from "drizzle-orm";
import {
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
  PRICE_SOURCES,
  SCRAPE_LOG_STATUSES,
  SCRAPE_SOURCE_STATUSES,
  STOCK_STATUSES,
  UNITS,
} from "~/lib/constants";

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });
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
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
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
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
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

export const categories = pgTable("categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  createdAt: createdAt(),
});

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
    /** Other names shops use for it (Epithalon, MT-2, TA-1 …): the scraper's matcher reads them. */
    aliases: text("aliases")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPopular: boolean("is_popular").notNull().default(false),
    popularOrder: integer("popular_order"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("peptides_category_id_idx").on(t.categoryId),
    index("peptides_name_idx").on(t.name),
    index("peptides_popular_idx").on(t.isPopular, t.popularOrder),
    // The home page's order (listings.server.ts BY_NAME): one page is read without a sort.
    index("peptides_sort_name_idx").on(sql`lower(${t.name})`, t.name, t.id),
    check("peptides_popular_order_range", sql`${t.popularOrder} between 1 and 3`),
  ],
);

/** A peptide's former slugs: old links answer a 301 to the current page. */
export const peptideSlugHistory = pgTable("peptide_slug_history", {
  slug: text("slug").primaryKey(),
  peptideId: uuid("peptide_id")
    .notNull()
    .references(() => peptides.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const sizeOptions = pgTable(
  "size_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    peptideId: uuid("peptide_id")
      .notNull()
      .references(() => peptides.id, { onDelete: "cascade" }),
    quantity: numeric("quantity", { precision: 12, scale: 3, mode: "number" }).notNull(),
    unit: text("unit").notNull(),
    /** Free-text unit, only when unit is 'other'. */
    unitLabel: text("unit_label"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("size_options_peptide_quantity_unit_uq")
      .on(t.peptideId, t.quantity, t.unit, t.unitLabel)
      .nullsNotDistinct(),
    check("size_options_unit_check", oneOf("unit", UNITS)),
    check("size_options_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const vendors = pgTable(
  "vendors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
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
    createdAt: createdAt(),
  },
  (t) => [
    check("vendors_rating_range", sql`${t.rating} between 0 and 5`),
    check("vendors_currency_check", isoCurrency("currency")),
    check("vendors_shipping_fee_nonnegative", sql`${t.shippingFee} >= 0`),
    check("vendors_free_shipping_threshold_nonnegative", sql`${t.freeShippingThreshold} >= 0`),
  ],
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
  },
  (t) => [
    check("coupons_discount_type_check", oneOf("discount_type", DISCOUNT_TYPES)),
    check("coupons_discount_amount_positive", sql`${t.discountAmount} >= 0`),
  ],
);

export const vendorPeptides = pgTable(
  "vendor_peptides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    peptideId: uuid("peptide_id")
      .notNull()
      .references(() => peptides.id, { onDelete: "cascade" }),
    sizeOptionId: uuid("size_option_id")
      .notNull()
      .references(() => sizeOptions.id, { onDelete: "cascade" }),
    vendorId: uuid("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("vendor_peptides_vendor_size_vials_uq").on(t.vendorId, t.sizeOptionId, t.vials),
    index("vendor_peptides_size_price_idx").on(t.sizeOptionId, t.price),
    index("vendor_peptides_peptide_idx").on(t.peptideId),
    check("vendor_peptides_price_nonnegative", sql`${t.price} >= 0`),
    check("vendor_peptides_currency_check", isoCurrency("currency")),
    check("vendor_peptides_vials_positive", sql`${t.vials} >= 1`),
    check("vendor_peptides_missed_scrapes_nonnegative", sql`${t.missedScrapes} >= 0`),
    check("vendor_peptides_stock_status_check", oneOf("stock_status", STOCK_STATUSES)),
    check("vendor_peptides_source_check", oneOf("source", PRICE_SOURCES)),
  ],
);

export const priceHistory = pgTable(
  "price_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorPeptideId: uuid("vendor_peptide_id")
      .notNull()
      .references(() => vendorPeptides.id, { onDelete: "cascade" }),
    price: money("price").notNull(),
    inStock: boolean("in_stock").notNull(),
    observedAt: timestamp("observed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("price_history_vendor_peptide_observed_idx").on(t.vendorPeptideId, t.observedAt),
    // Each offer's lowest price ever ('Good Deal') is the first entry here: no history scan.
    index("price_history_vendor_peptide_price_idx").on(t.vendorPeptideId, t.price),
  ],
);

// ---------------------------------------------------------------- site content

export const heroContent = pgTable("hero_content", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  subtitle: text("subtitle"),
  description: text("description"),
  primaryButtonText: text("primary_button_text"),
  secondaryButtonText: text("secondary_button_text"),
  imageUrl: text("image_url"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
  () => [check("footer_content_section_check", oneOf("section", FOOTER_SECTIONS))],
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
  },
  () => [
    check("category_filters_type_check", oneOf("type", FILTER_TYPES)),
    check("category_filters_field_check", oneOf("field", FILTER_FIELDS)),
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
    updatedAt: updatedAt(),
  },
  (t) => [
    check("settings_single_row", sql`${t.id} = 1`),
    check("settings_interval_positive", sql`${t.scrapeIntervalSeconds} >= 60`),
    check("settings_max_urls_positive", sql`${t.maxUrlsPerRun} >= 1`),
    check("settings_delay_nonnegative", sql`${t.requestDelayMs} >= 0`),
    check("settings_stale_after_range", sql`${t.staleAfterMissedRuns} between 1 and 100`),
    check(
      "settings_threshold_range",
      sql`${t.priceAlertThresholdPercent} > 0 and ${t.priceAlertThresholdPercent} <= 100`,
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
    createdAt: createdAt(),
  },
  () => [
    check("scrape_sources_status_check", oneOf("status", SCRAPE_SOURCE_STATUSES)),
    check("scrape_sources_page_type_check", oneOf("page_type", PAGE_TYPES)),
    check("scrape_sources_currency_check", isoCurrency("currency")),
  ],
);

export const scrapedData = pgTable(
  "scraped_data",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => scrapeSources.id, { onDelete: "cascade" }),
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
    index("scrape_logs_created_idx").on(t.createdAt),
    check("scrape_logs_status_check", oneOf("status", SCRAPE_LOG_STATUSES)),
  ],
);

/** Why a scraped listing waits for an admin, in the order the pipeline checks them. */
export const SCRAPE_REVIEW_REASONS = [
  "blend",
  "not_vial",
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
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Null once the vendor price is gone; the snapshot below keeps the deal readable. */
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
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/** Marks what the demo installer put in, so /login shows the demo hint only while it is there. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
