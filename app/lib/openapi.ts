/**
 * The OpenAPI 3.1 description of the public API and the price-drop feeds, served at
 * /api/v1/openapi.json. Its schemas and query parameters are generated from the zod schemas
 * that validate the requests (open-data.ts, stack.ts) and type the answers
 * (open-data-schemas.ts); only the paths' prose is written here. The HTTP tests check real
 * answers against it.
 */
import { z } from "~/lib/forms/zod";

import {
  currencyQuerySchema,
  labTestsQuerySchema,
  marketIndexQuerySchema,
  peptideListQuerySchema,
} from "~/lib/open-data";
import { openDataSchemas } from "~/lib/open-data-schemas";
import { vendorApiPaths } from "~/lib/vendor-api-openapi";

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** The registry's schemas as the document's components, each referring to the others by $ref. */
function componentSchemas(): Record<string, Schema> {
  const { schemas } = z.toJSONSchema(openDataSchemas, {
    target: "draft-2020-12",
    io: "output",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Schema> };
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...schema }]) => [id, schema]),
  );
}

const PARAMETER_NOTES: Record<string, string> = {
  currency:
    "ISO 4217 code every price's `converted` figure is given in (default USD, any letter case); it must have an exchange rate on the site, else 400.",
  shipTo:
    "ISO 3166-1 alpha-2 country the landed totals are shipped to; without it, 'Anywhere' (each vendor's own fee). Best Price ranks by landed total, and never picks a vendor that does not ship there.",
  size: "The size's label, e.g. 10mg (default: the size with the most offers).",
  format: "csv answers text/csv (date,median,p25,p75,vendors) as a download.",
  vendor: "Only this vendor's tests (its slug, as in /vendor/{slug}).",
  peptide: "Only this peptide's tests (its slug, as in /peptide/{slug}).",
};

/** A query schema's fields as OpenAPI query parameters: all optional, defaults as zod fills them. */
function queryParameters(schema: z.ZodObject): Schema[] {
  const { properties } = z.toJSONSchema(schema, { io: "output" }) as {
    properties: Record<string, Schema>;
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: false,
    ...(PARAMETER_NOTES[name] ? { description: PARAMETER_NOTES[name] } : {}),
    schema: property,
  }));
}

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
          parameters: queryParameters(peptideListQuerySchema),
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
          parameters: [slugParameter, ...queryParameters(currencyQuerySchema)],
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
      "/peptides/{slug}/index": {
        get: {
          operationId: "getPeptideMarketIndex",
          summary:
            "Daily market price index of one size: median and quartiles of the landed price per mg",
          parameters: [slugParameter, ...queryParameters(marketIndexQuerySchema)],
          responses: {
            "200": {
              ...jsonOk("The index, one point a day.", ref("MarketIndex")),
              content: {
                "application/json": { schema: ref("MarketIndex") },
                "text/csv": { schema: { type: "string" } },
              },
            },
            "301": { description: "A former slug: Location names the current one." },
            "400": errorResponse(
              "A malformed parameter, a size the peptide does not have, or a size without a milligram equivalent.",
            ),
            "404": errorResponse("No peptide has this slug."),
            "429": rateLimited,
          },
        },
      },
      "/lab-tests": {
        get: {
          operationId: "listLabTests",
          summary:
            "Independent lab tests of vendors' peptides, judged against the site's thresholds",
          parameters: queryParameters(labTestsQuerySchema),
          responses: {
            "200": jsonOk(
              "Every test, newest first (history included); empty when no vendor or peptide has the slug.",
              ref("LabTestList"),
            ),
            "400": errorResponse("A query parameter is malformed."),
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
      ...vendorApiPaths(),
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
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        vendorKey: {
          type: "http",
          scheme: "bearer",
          description:
            "A vendor API key (ppk_…), made on the vendor's manage page: scoped, revocable, with its own requests per minute.",
        },
      },
    },
  };
}
