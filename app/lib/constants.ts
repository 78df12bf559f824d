/** Enumerations and limits of SPEC.md §3 and §9, shared by the database, forms and pages. */

/** The currencies an admin picks from for a manual price (SPEC.md §9). */
export const CURRENCIES = ["USD", "EUR", "GBP"] as const;
/** An ISO 4217 code: prices are stored in the shop's own currency, whichever it is. */
export type CurrencyCode = string;
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;
/** The currency public pages compare in unless the visitor picks another. */
export const DEFAULT_DISPLAY_CURRENCY = "USD";
export const EXCHANGE_RATE_SOURCES = ["manual", "ecb"] as const;
/**
 * Starting rates (units per US dollar, ECB reference rates of late 2026 rounded) so a fresh
 * install can compare shops in other currencies; the admin edits or refreshes them.
 */
export const DEFAULT_EXCHANGE_RATES: Record<string, number> = {
  EUR: 0.86,
  GBP: 0.76,
  AUD: 1.54,
  CAD: 1.4,
  CHF: 0.8,
  JPY: 155,
};

export const UNITS = ["mg", "ml", "mcg", "IU", "other"] as const;
export type Unit = (typeof UNITS)[number];

export const DISCOUNT_TYPES = ["percentage", "fixed"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const STOCK_STATUSES = ["in_stock", "low_stock", "out_of_stock"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const PRICE_SOURCES = ["scraped", "manual"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** "disclosure" is the affiliate disclosure page's text (/disclosure), edited with the footer. */
export const FOOTER_SECTIONS = [
  "about",
  "vendors",
  "legal",
  "contact",
  "copyright",
  "disclosure",
] as const;
export type FooterSection = (typeof FOOTER_SECTIONS)[number];

export const SCRAPE_SOURCE_STATUSES = ["active", "inactive", "error"] as const;
/** "warning": the run went through but read nothing (its cause in the details). */
export const SCRAPE_LOG_STATUSES = ["success", "warning", "error"] as const;
export const PAGE_TYPES = ["single", "category"] as const;
/**
 * What a scrape source reads: its page(s) with selectors or structured data, or a whole shop's
 * catalogue feed (WooCommerce Store API, Shopify products.json, or the sitemap's product pages).
 */
export const SCRAPE_SOURCE_KINDS = [
  "page",
  "woocommerce",
  "shopify",
  "sitemap",
  "merchant_feed",
] as const;
export type ScrapeSourceKind = (typeof SCRAPE_SOURCE_KINDS)[number];
/** How the sources table and the Add-shop preview name a shop source's kind. */
export const SHOP_KIND_LABELS: Record<Exclude<ScrapeSourceKind, "page">, string> = {
  woocommerce: "WooCommerce Store API",
  shopify: "Shopify product JSON",
  sitemap: "Sitemap product pages",
  merchant_feed: "Vendor's product feed (Google Merchant)",
};

export const AD_TYPES = ["basic", "overlay", "media"] as const;
export const AD_PLACEMENTS = ["homepage", "category_page", "comparison_page"] as const;
export const AD_SIZES = ["full", "half", "single"] as const;
export const AD_OVERLAY_POSITIONS = ["top", "center", "bottom"] as const;
export const AD_MEDIA_TYPES = ["image", "video"] as const;

export const FILTER_TYPES = ["checkbox", "range", "radio", "select"] as const;
/** What a home-page filter narrows: the vial size, the vendor, the price or the vendor rating. */
export const FILTER_FIELDS = ["size", "vendor", "price", "rating"] as const;

export const DEAL_TAGS = ["favorite", "to-buy", "researching"] as const;

/** Here rather than beside the deal form's schema: the Save buttons need them, not zod. */
/** Most rows of each list one account may keep (docs/security.md). */
export const USER_LIST_LIMITS = { savedStacks: 100, savedDeals: 500, priceAlerts: 500 } as const;

export const DEAL_MESSAGES = {
  saved: "Deal saved",
  alreadySaved: "Deal saved",
  updated: "Deal updated",
  removed: "Deal removed",
  unsaved: "Deal removed from your saved deals",
  notFound: "That deal no longer exists",
  priceGone: "That price is no longer listed",
  loginRequired: "Please log in to save deals",
  full: `You have ${USER_LIST_LIMITS.savedDeals} saved deals, the most there can be; remove one to save another`,
} as const;

export const AGE_VERIFIED_KEY = "age-verified";
export const AGE_CONFIRMATION_MS = 2_592_000_000;

export const FEATURED_SLOTS = 3;
export const HOME_PAGE_SIZE = 24;
export const ADMIN_PAGE_SIZE = 5;
export const ADMIN_VENDOR_PEPTIDES_PAGE_SIZE = 10;
export const FOOTER_REFRESH_DELAY_MS = 300;

/** 'Good Deal': a landed price per mg at least this share below the market's median (issue 18). */
export const GOOD_DEAL_MARKET_MARGIN = 0.1;

/** The market's median means something only with this many other vendors' offers of the size. */
export const GOOD_DEAL_MIN_MARKET = 3;

/** An offer at its lowest price over this many days may be a 'Good Deal' (issue 18). */
export const GOOD_DEAL_LOW_DAYS = 90;

export const DEFAULT_HERO = {
  title: "Find the Best Deals on Peptides",
  subtitle: "Best Price Comparison",
  description: "Compare prices from top retailers and save on your favorite peptide supplements.",
  primaryButtonText: "Compare Now",
  secondaryButtonText: "Learn More",
  imageUrl: "/images/peptide-default.jpg",
} as const;

export const DEFAULT_FOOTER: Record<FooterSection, { title: string; content: string }> = {
  about: {
    title: "About",
    content:
      "<p>PeptidePrices compares what research-peptide vendors charge, per size, with their coupons applied.</p>",
  },
  vendors: {
    title: "Preferred Retailers",
    content: "<p>Vendors we list are checked regularly.</p>",
  },
  legal: {
    title: "Legal",
    content: "<p>Prices are provided as-is; always confirm on the vendor's site.</p>",
  },
  contact: {
    title: "Contact",
    content: '<p><a href="mailto:hello@peptideprices.test">hello@peptideprices.test</a></p>',
  },
  copyright: {
    title: "Copyright",
    content: "<p>For research purposes only. Not for human consumption.</p>",
  },
  disclosure: {
    title: "Affiliate disclosure",
    content:
      '<p>Some Buy buttons are affiliate links, marked "Affiliate link": when you buy through one, the shop may pay us a commission, at no cost to you. Money never buys rank.</p>' +
      "<p><strong>How offers are ranked.</strong> Best Price is the in-stock, recently checked offer with the lowest landed total for its size: the price after the vendor's current coupon, plus the vendor's shipping to your ship-to country, in your display currency. Good Deal marks an offer at or near its lowest price of the last 90 days. Every sort order sorts by the column you choose.</p>" +
      "<p><strong>Ties.</strong> When two landed totals are equal, the offer with the lower shelf price comes first, then the one with fewer vials. Whether a vendor pays us is never read by any ranking, sort or stack.</p>",
  },
};

export const DEFAULT_SETTINGS = {
  scrapeIntervalSeconds: 3600,
  maxUrlsPerRun: 50,
  requestDelayMs: 1000,
  respectRobotsTxt: true,
  priceAlertsEnabled: true,
  priceAlertThresholdPercent: 5,
  staleAfterMissedRuns: 3,
  exchangeRatesAutoRefresh: false,
} as const;

/** SPEC.md's alert for a form sent with required fields empty (offers, scrape sources). */
export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
