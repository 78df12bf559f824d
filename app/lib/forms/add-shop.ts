/**
 * The Add-shop page's forms: the shop's address (which queues a background detection and
 * preview), the page's query (which preview, which page, search and outcome filter), each
 * decision on one offer (posting that offer's id), and the final create. The preview itself
 * stays on the server: nothing a post carries shapes what is saved as a price.
 */
import { z } from "./zod";

import { TEXT_LIMITS } from "~/lib/text-limits";
import { checkbox, requiredText } from "~/lib/forms/fields";
import { recordId } from "~/lib/forms/record-ids";
import { searchQuerySchema } from "~/lib/forms/search";
import { isWebUrl } from "~/lib/site-path";
import { PREVIEW_OUTCOMES, type PreviewMatch, type PreviewOutcome } from "~/lib/shop-preview";

export const ADDRESS_MESSAGE = "Enter the shop's address, starting with http:// or https://";
/** Offers on one page of the preview: a 5,000-offer shop's page stays small. */
export const PREVIEW_PAGE_SIZE = 50;

export const shopAddressField = requiredText(
  "Shop address",
  TEXT_LIMITS.url,
  ADDRESS_MESSAGE,
).refine(isWebUrl, ADDRESS_MESSAGE);

/** One offer as the shop stated it (stored with the preview). */
export interface PreviewOffer {
  name: string;
  price: number | null;
  regularPrice: number | null;
  salePrice: number | null;
  currency: string | null;
  link: string | null;
  soldOut: boolean;
}

/** `?preview=…&page=…&q=…&outcome=…`: a bad value falls back to the default, never fails. */
export const previewQuerySchema = z.object({
  preview: z.guid().nullable().catch(null),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: searchQuerySchema,
  outcome: z.enum(PREVIEW_OUTCOMES).nullable().catch(null),
});
export type PreviewQuery = z.infer<typeof previewQuerySchema>;

const previewId = recordId("Detect the shop first");
const offerId = recordId("Unknown listing");

export const addShopActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("detect"), address: shopAddressField }),
  z.object({
    intent: z.literal("map-alias"),
    preview_id: previewId,
    offer_id: offerId,
    peptide_id: recordId("Choose a peptide"),
  }),
  z.object({ intent: z.literal("create-peptide"), preview_id: previewId, offer_id: offerId }),
  z.object({ intent: z.literal("create-size"), preview_id: previewId, offer_id: offerId }),
  z.object({
    intent: z.literal("ignore"),
    preview_id: previewId,
    offer_id: offerId,
    ignored: checkbox,
  }),
  z.object({
    intent: z.literal("create-shop"),
    preview_id: previewId,
    vendor_name: requiredText("Vendor name", TEXT_LIMITS.name),
    /** A second vendor for a shop that already has one, asked for knowingly. */
    separate_vendor: checkbox,
  }),
  z.object({
    intent: z.literal("attach-shop"),
    preview_id: previewId,
    vendor_id: recordId("Choose the vendor"),
  }),
]);
export type AddShopAction = z.infer<typeof addShopActionSchema>;

/** A vendor that already has this shop's address or host. */
export interface ShopOwner {
  vendorId: string;
  vendorName: string;
  /** What matched: the vendor's website or one of its sources. */
  address: string;
}

/** One row of a preview page. */
export interface PreviewRow extends PreviewOffer, PreviewMatch {
  id: string;
  peptideName: string | null;
  ignored: boolean;
}

/** What the page shows of a preview: its progress, and once read, one page of its offers. */
export interface PreviewView {
  id: string;
  address: string;
  status: "queued" | "running" | "succeeded" | "failed";
  phase: string | null;
  requests: number;
  message: string | null;
  findings: string[];
  result: {
    shopUrl: string;
    kind: "woocommerce" | "shopify" | "sitemap";
    offers: number;
    counts: Record<PreviewOutcome, number>;
    ignored: number;
    rows: PreviewRow[];
    /** Offers the search and filter leave, over every page. */
    matching: number;
    page: number;
    pages: number;
    owners: ShopOwner[];
  } | null;
}
