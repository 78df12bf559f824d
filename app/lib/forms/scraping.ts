/**
 * The admin scraping page's forms: the scrape source dialog (SPEC.md §5), runs, the selector
 * test, bulk actions on selected sources, and the sources table's status filter. FormData strings in, typed values out; one schema shared by the dialog (checked
 * before posting) and the action (checked again).
 */
import { z } from "./zod";

import {
  CURRENCY_CODE_PATTERN,
  PAGE_TYPES,
  REQUIRED_FIELDS_MESSAGE,
  type ScrapeSourceKind,
} from "~/lib/constants";
import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { checkbox, optionalText, requiredText } from "~/lib/forms/fields";
import { bulkActionSchema, BULK_OPERATIONS } from "~/lib/forms/bulk";
import { optionalRecordId, recordId } from "~/lib/forms/record-ids";
import { isWebUrl } from "~/lib/site-path";

const INVALID_URL_MESSAGE = "Please enter a valid URL (http:// or https://)";

/** The dialog's text inputs and their limits: the schema, the inputs' maxLength and the CHECKs. */
export const SOURCE_FIELD_LIMITS = {
  retailer_name: TEXT_LIMITS.name,
  url: TEXT_LIMITS.url,
  product_selector: TEXT_LIMITS.short,
  price_selector: TEXT_LIMITS.short,
  name_selector: TEXT_LIMITS.short,
  link_selector: TEXT_LIMITS.short,
  sold_out_selector: TEXT_LIMITS.short,
  pagination_selector: TEXT_LIMITS.short,
  next_page_selector: TEXT_LIMITS.short,
  currency: 3,
} as const;

const required = (label: string, max: number) => requiredText(label, max, REQUIRED_FIELDS_MESSAGE);

const webUrl = required("URL", TEXT_LIMITS.url).refine(isWebUrl, INVALID_URL_MESSAGE);

const selector = (label: string) => optionalText(label, TEXT_LIMITS.short);

/** Shown under the selector fields of the source dialog. */
export const SELECTOR_HELP =
  'Selectors read an element\'s text; end one with @attribute to read an attribute instead, e.g. meta[property="product:price:amount"]@content or .product@data-price. Structured data (WooCommerce and Shopify variants, JSON-LD, microdata, OpenGraph product tags) is read first when the page has it.';

const currencyField = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() || null : null),
  z
    .string()
    .regex(CURRENCY_CODE_PATTERN, "Enter a three-letter currency code such as USD")
    .nullable(),
);

/** The fields of the add/edit dialog; pagination fields only count for category pages. */
export const scrapeSourceFields = z
  .object({
    retailer_name: required("Retailer name", TEXT_LIMITS.name),
    url: webUrl,
    page_type: z.enum(PAGE_TYPES, "Choose single product or category").default("single"),
    product_selector: required("Product selector", TEXT_LIMITS.short),
    price_selector: required("Price selector", TEXT_LIMITS.short),
    name_selector: required("Name selector", TEXT_LIMITS.short),
    link_selector: selector("Link selector"),
    sold_out_selector: selector("Sold-out selector"),
    pagination_selector: selector("Pagination selector"),
    next_page_selector: selector("Next page selector"),
    vendor_id: optionalRecordId("Selected vendor not found"),
    is_active: checkbox,
    currency: currencyField,
  })
  .transform((form) => ({
    retailerName: form.retailer_name,
    url: form.url,
    pageType: form.page_type,
    productSelector: form.product_selector,
    priceSelector: form.price_selector,
    nameSelector: form.name_selector,
    linkSelector: form.link_selector,
    soldOutSelector: form.sold_out_selector,
    paginationSelector: form.page_type === "category" ? form.pagination_selector : null,
    nextPageSelector: form.page_type === "category" ? form.next_page_selector : null,
    vendorId: form.vendor_id,
    isActive: form.is_active,
    currency: form.currency,
  }));

/**
 * The edit form of a shop source (WooCommerce, Shopify, sitemap): its feed gives names and
 * prices, so it has no selectors; it is saved as the Add-shop page made it, a whole catalogue.
 */
export const shopSourceFields = z
  .object({
    retailer_name: required("Retailer name", TEXT_LIMITS.name),
    url: webUrl,
    vendor_id: optionalRecordId("Selected vendor not found"),
    is_active: checkbox,
    currency: currencyField,
  })
  .transform((form) =>
    shopSource({
      retailerName: form.retailer_name,
      url: form.url,
      vendorId: form.vendor_id,
      isActive: form.is_active,
      currency: form.currency,
    }),
  );

/**
 * A shop source's fields, as Add shop creates it and its edit form saves it: the feed is the
 * vendor's whole catalogue (offers that leave it count missed runs), read without selectors.
 */
export function shopSource(
  fields: Pick<ScrapeSourceFields, "retailerName" | "url" | "vendorId" | "isActive" | "currency">,
): ScrapeSourceFields {
  return {
    ...fields,
    pageType: "category",
    productSelector: "",
    priceSelector: "",
    nameSelector: "",
    linkSelector: null,
    soldOutSelector: null,
    paginationSelector: null,
    nextPageSelector: null,
  };
}

/** A scrape source as the admin saves it (ScrapeSourceInput on the server). */
export interface ScrapeSourceFields {
  retailerName: string;
  url: string;
  pageType: (typeof PAGE_TYPES)[number];
  productSelector: string;
  priceSelector: string;
  nameSelector: string;
  linkSelector: string | null;
  soldOutSelector: string | null;
  paginationSelector: string | null;
  nextPageSelector: string | null;
  vendorId: string | null;
  isActive: boolean;
  currency: string | null;
}

/** The source as the dialog edits it (a row of the sources table). */
export interface EditableSource extends Omit<ScrapeSourceFields, "pageType"> {
  id: string;
  /** A page source has the selector form; a shop source (its feed) the shop form. */
  kind: ScrapeSourceKind;
  pageType: string;
  vendorName: string | null;
  /** The row's version: a save after someone else's answers 409 (~/lib/edit-conflict). */
  version: string;
}

/** A source as its edit dialog posts it: what an edit conflict compares. */
export function sourceFormValues(
  source: Omit<EditableSource, "id" | "vendorName" | "kind">,
): FormValues {
  const values: FormValues = {
    retailer_name: source.retailerName,
    url: source.url,
    page_type: source.pageType,
    vendor_id: source.vendorId ?? "",
    currency: source.currency ?? "",
    product_selector: source.productSelector,
    name_selector: source.nameSelector,
    price_selector: source.priceSelector,
    link_selector: source.linkSelector ?? "",
    sold_out_selector: source.soldOutSelector ?? "",
    is_active: source.isActive ? "on" : "",
    version: source.version,
  };
  // The dialog shows the pagination fields for category pages only.
  if (source.pageType === "category") {
    values.pagination_selector = source.paginationSelector ?? "";
    values.next_page_selector = source.nextPageSelector ?? "";
  }
  return values;
}

/** The selector test reads the dialog as it stands; only the URL and name/price selectors are needed. */
export const selectorTestFields = z.object({
  url: webUrl,
  product_selector: selector("Product selector"),
  price_selector: selector("Price selector"),
  name_selector: selector("Name selector"),
  link_selector: selector("Link selector"),
  sold_out_selector: selector("Sold-out selector"),
});

/** At most one table page's worth of rows (and a margin) per bulk action. */
export const MAX_BULK_SOURCES = 100;

/** The selected rows of a bulk action: one hidden field of comma-separated ids. */
const selectedIds = z
  .string({ error: "Select at least one source" })
  .max(MAX_BULK_SOURCES * 40, `Select at most ${MAX_BULK_SOURCES} sources at a time`)
  .transform((value) => value.split(",").filter(Boolean))
  .pipe(
    z
      .array(recordId())
      .min(1, "Select at least one source")
      .max(MAX_BULK_SOURCES, `Select at most ${MAX_BULK_SOURCES} sources at a time`),
  );

export const scrapingActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create-source") }).passthrough(),
    z
      .object({
        intent: z.literal("update-source"),
        id: recordId("Source not found"),
        version: rowVersionField,
      })
      .passthrough(),
    z.object({ intent: z.literal("delete-source"), id: recordId("Failed to delete source") }),
    z.object({ intent: z.literal("run-source"), id: recordId("Source not found") }),
    z.object({ intent: z.literal("run-all") }),
    z.object({ intent: z.literal("test-selectors") }).passthrough(),
    bulkActionSchema("bulk-sources", BULK_OPERATIONS, selectedIds),
  ],
  { error: "Unknown action" },
);
export type ScrapingAction = z.infer<typeof scrapingActionSchema>;

// ---------------------------------------------------------------- the sources table

/** The sources table's status filter (its URL state is SOURCES_TABLE in app/lib/admin-tables.ts). */
export const SOURCE_STATUS_FILTERS = ["active", "inactive", "error"] as const;
export type SourceStatusFilter = (typeof SOURCE_STATUS_FILTERS)[number];

/**
 * What the Status badge says: a switched-off source is inactive (grey) whatever its last run
 * did. The `error` filter lists every source whose last run failed, as the dashboard counts them.
 */
export function sourceDisplayStatus(source: {
  isActive: boolean;
  status: string;
}): SourceStatusFilter {
  if (!source.isActive) return "inactive";
  return source.status === "error" ? "error" : "active";
}
