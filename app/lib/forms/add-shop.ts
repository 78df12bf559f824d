/**
 * The Add-shop page's forms: the shop's address, then the preview's actions (map a listing to
 * a peptide, create a peptide or a size from it) and the final create. The preview travels
 * with each post as JSON (`preview`), so acting on one listing re-reads nothing from the
 * shop; it only ever shapes what the page shows, never what is saved as a price.
 */
import { z } from "./zod";

import { SCRAPE_SOURCE_KINDS } from "~/lib/constants";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { requiredText } from "~/lib/forms/fields";
import { recordId } from "~/lib/forms/record-ids";
import { isWebUrl } from "~/lib/site-path";
import type { PreviewMatch, PreviewOutcome } from "~/lib/shop-preview";

export const ADDRESS_MESSAGE = "Enter the shop's address, starting with http:// or https://";
/** More offers than any research-peptide shop lists; bounds the JSON a post may carry. */
export const MAX_PREVIEW_OFFERS = 2000;

export const shopAddressField = requiredText(
  "Shop address",
  TEXT_LIMITS.url,
  ADDRESS_MESSAGE,
).refine(isWebUrl, ADDRESS_MESSAGE);

const amount = z.number().positive().finite().nullable();

export const previewOfferSchema = z.object({
  name: z.string().min(1).max(TEXT_LIMITS.short),
  price: amount,
  regularPrice: amount,
  salePrice: amount,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  link: z.string().max(TEXT_LIMITS.url).refine(isWebUrl).nullable(),
  soldOut: z.boolean(),
});
export type PreviewOffer = z.infer<typeof previewOfferSchema>;

export const previewStateSchema = z.object({
  shopUrl: z.string().max(TEXT_LIMITS.url).refine(isWebUrl),
  kind: z.enum(
    SCRAPE_SOURCE_KINDS.filter((kind) => kind !== "page") as ["woocommerce", "shopify", "sitemap"],
  ),
  findings: z.array(z.string().max(TEXT_LIMITS.short)).max(10),
  complete: z.boolean(),
  requests: z.number().int().nonnegative(),
  offers: z.array(previewOfferSchema).max(MAX_PREVIEW_OFFERS),
});
export type PreviewState = z.infer<typeof previewStateSchema>;

const previewJson = z
  .string({ error: "Detect the shop first" })
  .max(2_000_000, "The preview is too large")
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Detect the shop first" });
      return z.NEVER;
    }
  })
  .pipe(previewStateSchema);

const listingName = requiredText("Listing", TEXT_LIMITS.short);

export const addShopActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("detect"), address: shopAddressField }),
  z.object({
    intent: z.literal("map-alias"),
    preview: previewJson,
    listing: listingName,
    peptide_id: recordId("Choose a peptide"),
  }),
  z.object({ intent: z.literal("create-peptide"), preview: previewJson, listing: listingName }),
  z.object({ intent: z.literal("create-size"), preview: previewJson, listing: listingName }),
  z.object({
    intent: z.literal("create-shop"),
    preview: previewJson,
    vendor_name: requiredText("Vendor name", TEXT_LIMITS.name),
    /** The listings the operator chose to ignore, one name a line. */
    ignored: z
      .string()
      .max(200_000)
      .optional()
      .transform((text) =>
        (text ?? "")
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean),
      ),
  }),
]);
export type AddShopAction = z.infer<typeof addShopActionSchema>;

/** What the Add-shop action answers: a refusal with what was found, or the preview. */
export type AddShopResult =
  | { ok: false; error: string; findings?: string[] }
  | {
      ok: true;
      message: string;
      preview: PreviewState;
      rows: (PreviewOffer & PreviewMatch & { peptideName: string | null })[];
      counts: Record<PreviewOutcome, number>;
    };
