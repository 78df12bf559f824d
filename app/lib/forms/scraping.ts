/**
 * The admin scraping page's forms: the scrape source dialog (SPEC.md §5), runs, the selector
 * test and the review queue. FormData strings in, typed values out; one schema shared by the
 * dialog (checked before posting) and the action (checked again).
 */
import { z } from "zod";

import { CURRENCY_CODE_PATTERN, PAGE_TYPES } from "~/lib/constants";

const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
const INVALID_URL_MESSAGE = "Please enter a valid URL (http:// or https://)";

const id = z.string().uuid("Unknown record");

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : null));

const required = z
  .string({ error: REQUIRED_FIELDS_MESSAGE })
  .trim()
  .min(1, REQUIRED_FIELDS_MESSAGE);

const webUrl = required.refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}, INVALID_URL_MESSAGE);

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

/** Shown under the selector fields of the source dialog. */
export const SELECTOR_HELP =
  'Selectors read an element\'s text; end one with @attribute to read an attribute instead, e.g. meta[property="product:price:amount"]@content or .product@data-price. Structured data (WooCommerce and Shopify variants, JSON-LD, microdata, OpenGraph product tags) is read first when the page has it.';

/** The fields of the add/edit dialog; pagination fields only count for category pages. */
export const scrapeSourceFields = z
  .object({
    retailer_name: required,
    url: webUrl,
    page_type: z.enum(PAGE_TYPES).default("single"),
    product_selector: required,
    price_selector: required,
    name_selector: required,
    link_selector: optionalText,
    sold_out_selector: optionalText,
    pagination_selector: optionalText,
    next_page_selector: optionalText,
    vendor_id: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : null))
      .pipe(z.string().uuid("Unknown vendor").nullable()),
    is_active: checkbox,
    currency: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toUpperCase() || null : null),
      z
        .string()
        .regex(CURRENCY_CODE_PATTERN, "Enter a three-letter currency code such as USD")
        .nullable(),
    ),
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

/** The selector test reads the dialog as it stands; only the URL and name/price selectors are needed. */
export const selectorTestFields = z.object({
  url: webUrl,
  product_selector: optionalText,
  price_selector: optionalText,
  name_selector: optionalText,
  link_selector: optionalText,
  sold_out_selector: optionalText,
});

export const scrapingActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-source") }).passthrough(),
  z.object({ intent: z.literal("update-source"), id }).passthrough(),
  z.object({ intent: z.literal("delete-source"), id }),
  z.object({ intent: z.literal("run-source"), id }),
  z.object({ intent: z.literal("run-all") }),
  z.object({ intent: z.literal("test-selectors") }).passthrough(),
]);
