/**
 * The vendor API's request and answers (PUT /api/v1/vendor/offers): zod validates the body, and
 * the OpenAPI document (openapi.ts) describes the same schemas through the open-data registry.
 */
import { z } from "~/lib/forms/zod";

import { STOCK_STATUSES } from "~/lib/constants";
import { openDataSchemas } from "~/lib/open-data-schemas";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { MAX_OFFERS_PER_SUBMISSION, VENDOR_SUBMISSION_STATUSES } from "~/lib/vendor-accounts";

function named<T extends z.ZodType>(id: string, schema: T): T {
  openDataSchemas.add(schema, { id });
  return schema;
}

export const vendorOfferInputSchema = named(
  "VendorOfferInput",
  z.object({
    peptide: z
      .string()
      .min(1)
      .max(TEXT_LIMITS.slug)
      .describe("The peptide's slug, as in /peptide/{slug}."),
    size: z
      .string()
      .min(1)
      .max(TEXT_LIMITS.code)
      .meta({ examples: ["10mg"] }),
    price: z.number().nonnegative().max(1e9).describe("One vial's price in `currency`."),
    currency: z.string().regex(/^[A-Z]{3}$/),
    stock: z.enum(STOCK_STATUSES),
    url: z
      .url({ protocol: /^https?$/ })
      .max(TEXT_LIMITS.url)
      .describe("The offer's page on the vendor's own shop: the storefront read to verify it."),
  }),
);

export const vendorOffersRequestSchema = named(
  "VendorOffersRequest",
  z.object({ offers: z.array(vendorOfferInputSchema).min(1).max(MAX_OFFERS_PER_SUBMISSION) }),
);

const storefrontSchema = z.object({
  price: z.number().nullable(),
  stock: z.enum(STOCK_STATUSES).nullable(),
});

export const vendorOfferOutcomeSchema = named(
  "VendorOfferOutcome",
  z.discriminatedUnion("status", [
    z.object({
      status: z
        .literal("pending")
        .describe(
          "Accepted: the storefront is read in the background. GET /vendor/offers then shows it live (the storefront agreed) or held for an admin (it disagreed or could not be read).",
        ),
      submissionId: z.uuid(),
    }),
    z.object({
      status: z.literal("refused").describe("Unknown peptide or size, or a url off the shop."),
      reason: z.string(),
    }),
  ]),
);

export const vendorOffersResponseSchema = named(
  "VendorOffersResponse",
  z.object({ results: z.array(vendorOfferOutcomeSchema) }),
);

export type VendorOffersResponse = z.infer<typeof vendorOffersResponseSchema>;

export const vendorSubmissionListSchema = named(
  "VendorSubmissionList",
  z.object({
    data: z.array(
      z.object({
        id: z.uuid(),
        peptide: z.string(),
        size: z.string(),
        price: z.number(),
        currency: z.string(),
        stock: z.enum(STOCK_STATUSES),
        status: z.enum(VENDOR_SUBMISSION_STATUSES),
        storefront: storefrontSchema,
        reason: z.string().nullable(),
        createdAt: z.iso.datetime({ offset: true }),
      }),
    ),
  }),
);

export type VendorSubmissionList = z.infer<typeof vendorSubmissionListSchema>;
