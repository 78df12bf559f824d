/**
 * The public API's answers as zod schemas: the OpenAPI document (openapi.ts) is generated from
 * them, and the handlers build their bodies as their inferred types, so the code, the document
 * and the HTTP tests (which check real answers against the document) cannot drift apart.
 */
import { z } from "~/lib/forms/zod";

import { STOCK_STATUSES } from "~/lib/constants";
import { MAX_PER_PAGE } from "~/lib/open-data";
import { MARKET_INDEX_MAX_DAYS } from "~/lib/market-index";
import { stackApiRequestSchema } from "~/lib/stack";
import { RELIABILITY_KEYS } from "~/lib/vendor-reliability";

/** Every named schema, under the id it has in the document's components. */
export const openDataSchemas = z.registry<{ id: string; description?: string }>();

function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  openDataSchemas.add(schema, { id, ...(description ? { description } : {}) });
  return schema;
}

const currencyCode = z.string().regex(/^[A-Z]{3}$/);
const isoTime = z.iso.datetime({ offset: true });

export const errorSchema = named(
  "Error",
  z.object({ error: z.string().describe("What was wrong, in words.") }),
);

const amountSchema = named("Amount", z.object({ amount: z.number(), currency: currencyCode }));

export const moneySchema = named(
  "Money",
  z.object({ amount: z.number(), currency: currencyCode, converted: amountSchema.nullable() }),
  "An amount in the shop's own currency, and `converted` into the requested currency (`?currency=`, default USD) through the site's exchange rates; `converted` is null when a rate is missing.",
);

const categorySchema = named("Category", z.object({ slug: z.string(), name: z.string() }));
const vendorRefSchema = named("VendorRef", z.object({ slug: z.string(), name: z.string() }));

const couponSchema = named(
  "Coupon",
  z.object({
    code: z.string(),
    discountType: z.enum(["percentage", "fixed"]),
    discountAmount: z.number().describe("Percent off, or a fixed amount in the vendor's currency."),
    currency: z.string().describe("The currency of a fixed discount (the vendor's).").optional(),
    expirationDate: z.iso.date().describe("Last day it works (UTC).").nullable(),
  }),
);

const landedTotalSchema = amountSchema
  .nullable()
  .describe(
    "Price after coupon plus shipping for one pack to `?shipTo=`, in the requested currency; null when the vendor's shipping is not stated, it does not ship there, or there is no exchange rate.",
  );

const perMgDeliveredSchema = amountSchema
  .nullable()
  .describe(
    "Per mg, delivered: the landed total divided by the milligrams in the pack (four decimals), in the requested currency; the figure every page shows per mg. Null when shipping is not stated, the size has no milligram equivalent, or there is no exchange rate.",
  );

const pricePerMgSchema = moneySchema
  .nullable()
  .describe(
    "Price after coupon per mg, before shipping (secondary to `perMgDelivered`); null when the size has no milligram equivalent.",
  );

const bestPriceSchema = named(
  "BestPrice",
  z.object({
    vendor: vendorRefSchema,
    vials: z.number().int().min(1),
    landedTotal: landedTotalSchema,
    price: moneySchema,
    priceAfterCoupon: moneySchema,
    pricePerMg: pricePerMgSchema,
    perMgDelivered: perMgDeliveredSchema,
    lastChecked: isoTime,
  }),
  "The cheapest offer of a size that is in stock, fresh, shipped to `?shipTo=` and without a failed lab test of its size, by landed total per vial (price after coupon plus shipping) in the requested currency; an offer whose shipping is not stated is best only when no offer of the size has a known total.",
);

const peptideSizeSchema = named(
  "PeptideSize",
  z.object({
    size: z.string().meta({ examples: ["10mg"] }),
    offerCount: z.number().int().min(0),
    best: bestPriceSchema.nullable(),
  }),
);

export const peptideSchema = named(
  "Peptide",
  z.object({
    slug: z.string(),
    name: z.string(),
    category: categorySchema.nullable(),
    aliases: z.array(z.string()),
    url: z.url().describe("The peptide's page on the site."),
    sizes: z.array(peptideSizeSchema),
  }),
);

const pageLinksSchema = named(
  "PageLinks",
  z.object({
    self: z.url(),
    first: z.url(),
    last: z.url(),
    next: z.url().nullable(),
    prev: z.url().nullable(),
  }),
);

export const peptideListSchema = named(
  "PeptideList",
  z.object({
    data: z.array(peptideSchema),
    page: z.number().int().min(1),
    perPage: z.number().int().min(1).max(MAX_PER_PAGE),
    total: z.number().int().min(0),
    pageCount: z.number().int().min(1),
    currency: z.string().describe("The currency of every `converted` figure."),
    links: pageLinksSchema,
  }),
);

const offerSchema = named(
  "Offer",
  z.object({
    id: z.uuid(),
    vendor: vendorRefSchema,
    size: z.string(),
    vials: z.number().int().min(1).describe("Vials in the pack the price buys."),
    price: moneySchema,
    priceAfterCoupon: moneySchema,
    pricePerMg: pricePerMgSchema,
    perMgDelivered: perMgDeliveredSchema,
    landedTotal: landedTotalSchema,
    shipsToDestination: z
      .boolean()
      .nullable()
      .describe(
        "Whether the vendor ships to `?shipTo=`: null when it lists no countries (always true without `shipTo`).",
      ),
    perVerifiedMg: amountSchema
      .nullable()
      .describe(
        "Per verified mg: the landed total divided by the peptide a passing lab test of this vendor, peptide and size (within 12 months) found in the pack — measured mg × purity per vial, times the vials (four decimals). Null when no such test (not verified, never a guess) or the landed total is not known.",
      ),
    failedLabTest: z
      .boolean()
      .describe(
        "The newest lab test of this vendor, peptide and size failed: the offer is never Best Price.",
      ),
    stock: z.enum(STOCK_STATUSES),
    stale: z.boolean().describe("The vendor's page has not shown this price for several scrapes."),
    buyable: z.boolean().describe("In stock (low stock counts) and not stale."),
    lastChecked: isoTime,
    coupon: couponSchema.nullable(),
    couponApplied: z.boolean(),
    shipping: moneySchema
      .nullable()
      .describe("Shipping for one pack; 0 when free, null when unknown."),
    url: z.url().nullable(),
  }),
);

const peptideRefSchema = z.object({ slug: z.string(), name: z.string(), url: z.url() });

export const offerListSchema = named(
  "OfferList",
  z.object({ peptide: peptideRefSchema, currency: z.string(), data: z.array(offerSchema) }),
);

const reliabilitySchema = named(
  "Reliability",
  z.object({
    score: z.number().int().min(0).max(100).nullable(),
    computedAt: isoTime,
    components: z.array(
      z.object({
        key: z.enum(RELIABILITY_KEYS),
        label: z.string(),
        value: z
          .number()
          .min(0)
          .max(1)
          .nullable()
          .describe("Null when the vendor has no data for it (then it does not count)."),
        weight: z.number().min(0).max(1),
        explains: z.string(),
      }),
    ),
  }),
  "Computed from data the site holds after every scrape run; null before the first computation.",
);

const vendorSchema = named(
  "Vendor",
  z.object({
    slug: z.string(),
    name: z.string(),
    website: z.string().nullable(),
    rating: z.number().min(0).max(5).nullable(),
    currency: z.string().describe("The vendor's currency (shipping and fixed coupons)."),
    shipping: z.object({
      note: z.string().nullable(),
      fee: z.number().describe("Flat fee per order.").nullable(),
      freeShippingThreshold: z
        .number()
        .describe("Subtotal after coupon from which shipping is free.")
        .nullable(),
      shipsTo: z.array(z.string()).describe("ISO 3166-1 alpha-2 codes; empty when unknown."),
    }),
    paymentMethods: z.array(z.string()),
    coupon: couponSchema.nullable(),
    reliability: reliabilitySchema.nullable(),
  }),
);

export const vendorListSchema = named("VendorList", z.object({ data: z.array(vendorSchema) }));

const labCheckSchema = named(
  "LabCheck",
  z.enum(["passed", "failed", "not_measured"]),
  "A check against the site's thresholds; `not_measured` when the report does not give the value (never counted as passed).",
);

const labTestSchema = named(
  "LabTest",
  z.object({
    id: z.uuid(),
    vendor: vendorRefSchema,
    peptide: z.object({ slug: z.string(), name: z.string() }),
    size: z.string().nullable().describe('The vial size tested ("10mg").'),
    labName: z.string(),
    testedOn: z.iso.date(),
    batch: z.string().nullable().describe("Batch or lot number."),
    claimedMassMg: z.number().positive().nullable(),
    measuredMassMg: z.number().min(0).nullable(),
    purityPercent: z.number().min(0).max(100).nullable(),
    endotoxin: z.string().nullable(),
    heavyMetals: z.string().nullable(),
    reportUrl: z
      .url()
      .nullable()
      .describe("The lab's report (a PDF or image on this site, or a link)."),
    result: z.object({
      verdict: labCheckSchema.describe(
        "`failed` when any check failed, `not_measured` when one was not measured, else `passed`.",
      ),
      purity: labCheckSchema,
      mass: labCheckSchema,
      massDeviationPercent: z
        .number()
        .min(0)
        .nullable()
        .describe("|measured − claimed| / claimed × 100."),
    }),
  }),
);

export const labTestListSchema = named(
  "LabTestList",
  z.object({
    thresholds: z.object({
      minPurityPercent: z.number().min(0).max(100),
      maxMassDeviationPercent: z.number().positive().max(100),
    }),
    data: z.array(labTestSchema),
  }),
);

named("StackRequest", stackApiRequestSchema);

const stackBasketSchema = named(
  "StackBasket",
  z.object({
    vendor: z.string().describe("Vendor slug."),
    vendorName: z.string().optional(),
    couponCode: z.string().nullable().describe("The code to enter at checkout.").optional(),
    items: z.array(
      z.object({
        peptide: z.string(),
        size: z.string(),
        quantity: z.number().int().min(1),
        unitPrice: z.number().describe("Price of one pack, before the coupon."),
        packs: z.number().int().optional(),
        vialsPerPack: z.number().int().optional(),
        url: z.string().nullable().optional(),
      }),
    ),
    subtotal: z.number(),
    discount: z.number(),
    shipping: z
      .number()
      .nullable()
      .describe("Null when the vendor does not state its shipping (never counted as free)."),
    shippingKnown: z
      .boolean()
      .describe("False when the vendor's shipping fee is not known.")
      .optional(),
    total: z
      .number()
      .describe("Subtotal less coupon plus shipping; without shipping when it is not stated."),
  }),
);

export const stackResponseSchema = named(
  "StackResponse",
  z.object({
    total: z
      .number()
      .describe(
        "What the cheapest split costs, shipping included where the vendor states it; exact among vendors that state their shipping.",
      ),
    currency: z.string(),
    shippingNotStatedVendors: z
      .number()
      .int()
      .min(0)
      .describe(
        "Baskets whose vendor does not state its shipping (sold by no other vendor): their shipping is not in total.",
      ),
    unknownShippingOption: z
      .object({
        total: z.number().describe("Without the shipping that is not stated."),
        shippingNotStatedVendors: z.number().int().min(1),
        baskets: z.array(stackBasketSchema),
      })
      .nullable()
      .describe(
        "A split through vendors that do not state their shipping, cheaper than total before their shipping; listed apart, never the best. Null when there is none.",
      )
      .optional(),
    singleVendorBest: z
      .object({
        vendor: z.string().describe("Vendor slug."),
        vendorName: z.string().optional(),
        total: z.number(),
      })
      .nullable()
      .describe(
        "The cheapest single vendor that sells every available item, and its total; null when none does.",
      ),
    saving: z.number().nullable().describe("What the split saves against singleVendorBest."),
    unavailable: z
      .array(
        z.object({
          peptide: z.string().optional(),
          size: z.string().optional(),
          quantity: z.number().int().optional(),
        }),
      )
      .describe("Items no vendor sells in stock and fresh today (left out of the total).")
      .optional(),
    baskets: z.array(stackBasketSchema),
  }),
);

export const marketIndexSchema = named(
  "MarketIndex",
  z.object({
    peptide: peptideRefSchema,
    size: z
      .string()
      .nullable()
      .describe('The size\'s label ("10mg"); null when the peptide has no offers.'),
    currency: z.string(),
    unit: z.literal("mg"),
    points: z
      .array(
        z.object({
          date: z.iso.date(),
          median: z.number(),
          p25: z.number().describe("25th percentile (linear interpolation)."),
          p75: z.number().describe("75th percentile (linear interpolation)."),
          vendors: z.number().int().min(1).describe("Offers counted that day."),
        }),
      )
      .max(MARKET_INDEX_MAX_DAYS)
      .describe(
        "One point per day (UTC) on which at least one offer was buyable, oldest first. Figures are landed prices per mg (after the coupon, with shipping; offers with unknown shipping or out of stock left out), converted at today's rates.",
      ),
  }),
);

export type ApiPeptide = z.infer<typeof peptideSchema>;
export type ApiPeptideList = z.infer<typeof peptideListSchema>;
export type ApiOfferList = z.infer<typeof offerListSchema>;
export type ApiVendorList = z.infer<typeof vendorListSchema>;
export type ApiLabTestList = z.infer<typeof labTestListSchema>;
export type ApiMarketIndex = z.infer<typeof marketIndexSchema>;
export type ApiStackResponse = z.infer<typeof stackResponseSchema>;
