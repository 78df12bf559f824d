/**
 * The OpenAPI 3.1 description of the public API and the price-drop feeds, served at
 * /api/v1/openapi.json. The HTTP tests check real answers against these schemas.
 *
 * Over 400 lines: a hand-written document; issue 22 replaces it with one generated from the API's
 * zod schemas.
 */
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, MAX_PAGE } from "~/lib/open-data";

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: Schema): Schema => ({ oneOf: [schema, { type: "null" }] });
const isoTime: Schema = { type: "string", format: "date-time" };

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});

const rateLimited = {
  description:
    "Too many requests from this client address in the current minute; retry after Retry-After seconds.",
  headers: { "Retry-After": { schema: { type: "integer", minimum: 1 } } },
  content: { "application/json": { schema: ref("Error") } },
};

const currencyParameter = {
  name: "currency",
  in: "query",
  required: false,
  description:
    "ISO 4217 code every price's `converted` figure is given in (default USD); it must have an exchange rate on the site, else 400.",
  schema: { type: "string", pattern: "^[A-Za-z]{3}$", default: "USD" },
};

const shipToParameter = {
  name: "shipTo",
  in: "query",
  required: false,
  description:
    "ISO 3166-1 alpha-2 country the landed totals are shipped to; without it, 'Anywhere' (each vendor's own fee). Best Price ranks by landed total, and never picks a vendor that does not ship there.",
  schema: { type: "string", pattern: "^[A-Za-z]{2}$" },
};

const landedTotal = nullable({
  ...ref("Amount"),
  description:
    "Price after coupon plus shipping for one pack to `?shipTo=`, in the requested currency; null when the vendor's shipping is not stated, it does not ship there, or there is no exchange rate.",
});

const slugParameter = {
  name: "slug",
  in: "path",
  required: true,
  description: "The peptide's slug, as in /peptide/{slug}.",
  schema: { type: "string", pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$", maxLength: 100 },
};

const jsonOk = (description: string, schema: Schema, headers: Schema = {}) => ({
  description,
  headers: {
    "Access-Control-Allow-Origin": { schema: { type: "string", const: "*" } },
    "Cache-Control": { schema: { type: "string" } },
    ...headers,
  },
  content: { "application/json": { schema } },
});

const atomOk = (description: string) => ({
  description,
  content: { "application/atom+xml": { schema: { type: "string" } } },
});

const schemas: Record<string, Schema> = {
  Error: {
    type: "object",
    required: ["error"],
    properties: { error: { type: "string", description: "What was wrong, in words." } },
  },
  Amount: {
    type: "object",
    required: ["amount", "currency"],
    properties: { amount: { type: "number" }, currency: { type: "string", pattern: "^[A-Z]{3}$" } },
  },
  Money: {
    description:
      "An amount in the shop's own currency, and `converted` into the requested currency (`?currency=`, default USD) through the site's exchange rates; `converted` is null when a rate is missing.",
    type: "object",
    required: ["amount", "currency", "converted"],
    properties: {
      amount: { type: "number" },
      currency: { type: "string", pattern: "^[A-Z]{3}$" },
      converted: nullable(ref("Amount")),
    },
  },
  Category: {
    type: "object",
    required: ["slug", "name"],
    properties: { slug: { type: "string" }, name: { type: "string" } },
  },
  VendorRef: {
    type: "object",
    required: ["slug", "name"],
    properties: { slug: { type: "string" }, name: { type: "string" } },
  },
  Coupon: {
    type: "object",
    required: ["code", "discountType", "discountAmount", "expirationDate"],
    properties: {
      code: { type: "string" },
      discountType: { type: "string", enum: ["percentage", "fixed"] },
      discountAmount: {
        type: "number",
        description: "Percent off, or a fixed amount in the vendor's currency.",
      },
      currency: {
        type: "string",
        description: "The currency of a fixed discount (the vendor's).",
      },
      expirationDate: nullable({
        type: "string",
        format: "date",
        description: "Last day it works (UTC).",
      }),
    },
  },
  BestPrice: {
    description:
      "The cheapest offer of a size that is in stock, fresh and shipped to `?shipTo=`, by landed total per vial (price after coupon plus shipping) in the requested currency; an offer whose shipping is not stated is best only when no offer of the size has a known total.",
    type: "object",
    required: [
      "vendor",
      "vials",
      "landedTotal",
      "price",
      "priceAfterCoupon",
      "pricePerMg",
      "lastChecked",
    ],
    properties: {
      vendor: ref("VendorRef"),
      vials: { type: "integer", minimum: 1 },
      landedTotal,
      price: ref("Money"),
      priceAfterCoupon: ref("Money"),
      pricePerMg: nullable(ref("Money")),
      lastChecked: isoTime,
    },
  },
  PeptideSize: {
    type: "object",
    required: ["size", "offerCount", "best"],
    properties: {
      size: { type: "string", examples: ["10mg"] },
      offerCount: { type: "integer", minimum: 0 },
      best: nullable(ref("BestPrice")),
    },
  },
  Peptide: {
    type: "object",
    required: ["slug", "name", "category", "aliases", "url", "sizes"],
    properties: {
      slug: { type: "string" },
      name: { type: "string" },
      category: nullable(ref("Category")),
      aliases: { type: "array", items: { type: "string" } },
      url: { type: "string", format: "uri", description: "The peptide's page on the site." },
      sizes: { type: "array", items: ref("PeptideSize") },
    },
  },
  PageLinks: {
    type: "object",
    required: ["self", "first", "last", "next", "prev"],
    properties: {
      self: { type: "string", format: "uri" },
      first: { type: "string", format: "uri" },
      last: { type: "string", format: "uri" },
      next: nullable({ type: "string", format: "uri" }),
      prev: nullable({ type: "string", format: "uri" }),
    },
  },
  PeptideList: {
    type: "object",
    required: ["data", "page", "perPage", "total", "pageCount", "currency", "links"],
    properties: {
      data: { type: "array", items: ref("Peptide") },
      page: { type: "integer", minimum: 1 },
      perPage: { type: "integer", minimum: 1, maximum: MAX_PER_PAGE },
      total: { type: "integer", minimum: 0 },
      pageCount: { type: "integer", minimum: 1 },
      currency: { type: "string", description: "The currency of every `converted` figure." },
      links: ref("PageLinks"),
    },
  },
  Offer: {
    type: "object",
    required: [
      "id",
      "vendor",
      "size",
      "vials",
      "landedTotal",
      "price",
      "priceAfterCoupon",
      "pricePerMg",
      "stock",
      "stale",
      "buyable",
      "lastChecked",
      "coupon",
      "couponApplied",
      "shipsToDestination",
      "shipping",
      "url",
    ],
    properties: {
      id: { type: "string", format: "uuid" },
      vendor: ref("VendorRef"),
      size: { type: "string" },
      vials: { type: "integer", minimum: 1, description: "Vials in the pack the price buys." },
      landedTotal,
      price: ref("Money"),
      priceAfterCoupon: ref("Money"),
      pricePerMg: nullable(ref("Money")),
      stock: { type: "string", enum: ["in_stock", "low_stock", "out_of_stock"] },
      stale: {
        type: "boolean",
        description: "The vendor's page has not shown this price for several scrapes.",
      },
      buyable: { type: "boolean", description: "In stock (low stock counts) and not stale." },
      lastChecked: isoTime,
      coupon: nullable(ref("Coupon")),
      couponApplied: { type: "boolean" },
      shipsToDestination: {
        type: ["boolean", "null"],
        description:
          "Whether the vendor ships to `?shipTo=`: null when it lists no countries (always true without `shipTo`).",
      },
      shipping: nullable({
        ...ref("Money"),
        description:
          "Shipping for one pack to `?shipTo=`; 0 when free, null when not stated or not shipped there.",
      }),
      url: nullable({ type: "string", format: "uri" }),
    },
  },
  OfferList: {
    type: "object",
    required: ["peptide", "currency", "data"],
    properties: {
      peptide: {
        type: "object",
        required: ["slug", "name", "url"],
        properties: {
          slug: { type: "string" },
          name: { type: "string" },
          url: { type: "string", format: "uri" },
        },
      },
      currency: { type: "string" },
      data: { type: "array", items: ref("Offer") },
    },
  },
  Vendor: {
    type: "object",
    required: [
      "slug",
      "name",
      "website",
      "rating",
      "currency",
      "shipping",
      "paymentMethods",
      "coupon",
    ],
    properties: {
      slug: { type: "string" },
      name: { type: "string" },
      website: nullable({ type: "string" }),
      rating: nullable({ type: "number", minimum: 0, maximum: 5 }),
      currency: {
        type: "string",
        description: "The vendor's currency (shipping and fixed coupons).",
      },
      shipping: {
        type: "object",
        required: ["note", "fee", "freeShippingThreshold", "shipsTo"],
        properties: {
          note: nullable({ type: "string" }),
          fee: nullable({ type: "number", description: "Flat fee per order." }),
          freeShippingThreshold: nullable({
            type: "number",
            description: "Subtotal after coupon from which shipping is free.",
          }),
          shipsTo: {
            type: "array",
            items: { type: "string" },
            description: "ISO 3166-1 alpha-2 codes; empty when unknown.",
          },
        },
      },
      paymentMethods: { type: "array", items: { type: "string" } },
      coupon: nullable(ref("Coupon")),
    },
  },
  VendorList: {
    type: "object",
    required: ["data"],
    properties: { data: { type: "array", items: ref("Vendor") } },
  },
  StackRequest: {
    type: "object",
    required: ["items"],
    properties: {
      currency: {
        type: "string",
        pattern: "^[A-Za-z]{3}$",
        description: "Currency to answer in (one with an exchange rate); USD by default.",
      },
      items: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["peptide", "size", "quantity"],
          properties: {
            peptide: { type: "string", description: "Peptide slug.", examples: ["bpc-157"] },
            size: { type: "string", examples: ["10mg"] },
            quantity: { type: "integer", minimum: 1, examples: [2] },
          },
        },
      },
    },
  },
  StackResponse: {
    type: "object",
    required: ["total", "currency", "singleVendorBest", "baskets"],
    properties: {
      total: { type: "number", description: "What the cheapest split costs, shipping included." },
      currency: { type: "string" },
      singleVendorBest: nullable({
        description:
          "The cheapest single vendor that sells every available item, and its total; null when none does.",
        type: "object",
        required: ["vendor", "total"],
        properties: {
          vendor: { type: "string", description: "Vendor slug." },
          vendorName: { type: "string" },
          total: { type: "number" },
        },
      }),
      saving: nullable({
        type: "number",
        description: "What the split saves against singleVendorBest.",
      }),
      unavailable: {
        type: "array",
        description: "Items no vendor sells in stock and fresh today (left out of the total).",
        items: {
          type: "object",
          properties: {
            peptide: { type: "string" },
            size: { type: "string" },
            quantity: { type: "integer" },
          },
        },
      },
      baskets: {
        type: "array",
        items: {
          type: "object",
          required: ["vendor", "items", "subtotal", "discount", "shipping", "total"],
          properties: {
            vendor: { type: "string", description: "Vendor slug." },
            vendorName: { type: "string" },
            couponCode: nullable({ type: "string", description: "The code to enter at checkout." }),
            items: {
              type: "array",
              items: {
                type: "object",
                required: ["peptide", "size", "quantity", "unitPrice"],
                properties: {
                  peptide: { type: "string" },
                  size: { type: "string" },
                  quantity: { type: "integer", minimum: 1 },
                  unitPrice: {
                    type: "number",
                    description: "Price of one pack, before the coupon.",
                  },
                  packs: { type: "integer" },
                  vialsPerPack: { type: "integer" },
                  url: nullable({ type: "string" }),
                },
              },
            },
            subtotal: { type: "number" },
            discount: { type: "number" },
            shipping: { type: "number" },
            shippingKnown: {
              type: "boolean",
              description: "False when the vendor's shipping fee is not known (counted as 0).",
            },
            total: { type: "number" },
          },
        },
      },
    },
  },
};

/** The document for a site served at baseUrl. */
export function openApiDocument(baseUrl: string) {
  const origin = baseUrl.replace(/\/+$/, "");
  return {
    openapi: "3.1.0",
    info: {
      title: "PeptidePrices open data",
      version: "1.0.0",
      summary: "Research-peptide prices per vendor and size, read-only.",
      description: [
        "Public, read-only data: no key, CORS open (`Access-Control-Allow-Origin: *`).",
        "Every price is given in the shop's own currency plus `converted` into `?currency=` (default USD) through the site's exchange rates.",
        "Answers are cached like the site's pages (`Cache-Control: public`) and change when prices do.",
        "Each client address may make a limited number of requests a minute to /api/v1 and the feeds together; past it the answer is 429 with Retry-After.",
      ].join("\n\n"),
    },
    servers: [{ url: `${origin}/api/v1` }],
    paths: {
      "/peptides": {
        get: {
          operationId: "listPeptides",
          summary: "Peptides with their sizes and each size's best current price",
          parameters: [
            {
              name: "page",
              in: "query",
              required: false,
              schema: { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 },
            },
            {
              name: "perPage",
              in: "query",
              required: false,
              schema: {
                type: "integer",
                minimum: 1,
                maximum: MAX_PER_PAGE,
                default: DEFAULT_PER_PAGE,
              },
            },
            currencyParameter,
            shipToParameter,
          ],
          responses: {
            "200": jsonOk("One page of peptides, by name.", ref("PeptideList"), {
              Link: {
                description: 'RFC 8288 links: rel="first", "prev", "next", "last".',
                schema: { type: "string" },
              },
            }),
            "400": errorResponse("A query parameter is malformed or out of range."),
            "429": rateLimited,
          },
        },
      },
      "/peptides/{slug}/offers": {
        get: {
          operationId: "listPeptideOffers",
          summary: "Every vendor's offer for one peptide, all sizes",
          parameters: [slugParameter, currencyParameter, shipToParameter],
          responses: {
            "200": jsonOk(
              "The offers, by size then price; out-of-stock and stale ones included, marked.",
              ref("OfferList"),
            ),
            "301": { description: "A former slug: Location names the current one." },
            "400": errorResponse("A query parameter is malformed."),
            "404": errorResponse("No peptide has this slug."),
            "429": rateLimited,
          },
        },
      },
      "/vendors": {
        get: {
          operationId: "listVendors",
          summary: "Vendors with their shipping terms and coupon",
          responses: {
            "200": jsonOk("Every vendor, by name.", ref("VendorList")),
            "429": rateLimited,
          },
        },
      },
      "/stack": {
        post: {
          operationId: "priceStack",
          summary: "The cheapest way to buy several peptides, split across vendors",
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("StackRequest") } },
          },
          responses: {
            "200": {
              description: "The cheapest baskets, one per vendor used.",
              content: { "application/json": { schema: ref("StackResponse") } },
            },
            "400": errorResponse("An unknown peptide or size, or a malformed request."),
            "415": errorResponse("The body is not application/json."),
            "429": rateLimited,
          },
        },
      },
      "/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          summary: "This document",
          responses: {
            "200": {
              description: "OpenAPI 3.1",
              content: { "application/json": { schema: { type: "object" } } },
            },
          },
        },
      },
      "/feeds/price-drops.atom": {
        servers: [{ url: origin }],
        get: {
          operationId: "getPriceDropFeed",
          summary: "Atom feed (RFC 4287) of the newest 50 price drops on the site",
          responses: {
            "200": atomOk("The feed."),
            "429": rateLimited,
          },
        },
      },
      "/feeds/peptides/{slug}/price-drops.atom": {
        servers: [{ url: origin }],
        get: {
          operationId: "getPeptidePriceDropFeed",
          summary: "Atom feed (RFC 4287) of one peptide's newest 50 price drops",
          parameters: [slugParameter],
          responses: {
            "200": atomOk("The feed."),
            "301": { description: "A former slug: Location names the current one." },
            "404": { description: "No peptide has this slug." },
            "429": rateLimited,
          },
        },
      },
    },
    components: { schemas },
  };
}
