/**
 * The offers page's forms: the add-price dialog, the inline row edit and the bulk bar, in
 * one zod schema shared by the components and the route action.
 */
import { z } from "zod";

import { CURRENCIES, STOCK_STATUSES, UNITS } from "~/lib/constants";
import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";
import { PRICE_NOT_POSITIVE } from "~/lib/price-sanity";
import { TEXT_LIMITS } from "~/lib/text-limits";

import { bulkActionSchema, BULK_OPERATIONS } from "./bulk";
import { REQUIRED_FIELDS_MESSAGE } from "~/lib/constants";

import { moneyAmount, optionalText, requiredText } from "./fields";
import { recordId, UNKNOWN_ACTION } from "./record-ids";
import { optionalWebUrl } from "./link-fields";

const priceAmount = moneyAmount(
  {
    label: "Price",
    notANumber: "Enter the price as a number",
    negative: "Price cannot be negative",
    zero: PRICE_NOT_POSITIVE,
    tooLarge: "Price is too large",
  },
  1_000_000_000,
);
const price = requiredText("Price", 40, REQUIRED_FIELDS_MESSAGE).pipe(priceAmount);
/** The inline edit shows its message under the one field it has, so it names the field. */
const INLINE_PRICE_REQUIRED = "Enter a price";
const inlinePrice = requiredText("Price", 40, INLINE_PRICE_REQUIRED).pipe(priceAmount);

/** "1": the admin confirmed a price the sanity rule found unusual (ConfirmSaveDialog). */
const confirmed = z
  .string()
  .optional()
  .transform((value) => value === "1");

/** Manual offer entry (SPEC.md §5). */
const offerFields = {
  peptideId: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .pipe(z.guid(REQUIRED_FIELDS_MESSAGE)),
  vendorId: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .pipe(z.guid(REQUIRED_FIELDS_MESSAGE)),
  price,
  currency: z.enum(CURRENCIES, "Choose USD, EUR or GBP").default("USD"),
  quantity: requiredText("Quantity", 40, REQUIRED_FIELDS_MESSAGE).pipe(
    z.coerce
      .number<string>({ error: "Enter the quantity as a number" })
      .positive("Quantity must be greater than 0")
      .max(1_000_000_000, "Quantity is too large"),
  ),
  unit: z.enum(UNITS, REQUIRED_FIELDS_MESSAGE),
  /** Free-text unit, required only when unit is 'other'. */
  unitLabel: optionalText("Custom unit", TEXT_LIMITS.code),
  purity: optionalText("Purity", TEXT_LIMITS.code),
  notes: optionalText("Notes", TEXT_LIMITS.long),
  url: optionalWebUrl("Link"),
  confirm: confirmed,
};

export const offerFormSchema = z
  .object({ intent: z.literal("create-vendor-price"), ...offerFields })
  .refine((value) => value.unit !== "other" || value.unitLabel !== null, {
    message: REQUIRED_FIELDS_MESSAGE,
    path: ["unitLabel"],
  });

/** The inline edit of a price's row: price, stock and link (Enter saves). */
export const offerRowSchema = z.object({
  intent: z.literal("update-vendor-price"),
  id: recordId("Vendor price not found"),
  version: rowVersionField,
  price: inlinePrice,
  stockStatus: z.enum(STOCK_STATUSES, "Choose in stock, low stock or out of stock"),
  url: optionalWebUrl("Link"),
  confirm: confirmed,
});

/** An offer as its inline edit posts it: what an edit conflict compares. */
export function offerRowFormValues(row: {
  price: number;
  stockStatus: string;
  url: string | null;
  version: string;
}): FormValues {
  return {
    price: String(row.price),
    stockStatus: row.stockStatus,
    url: row.url ?? "",
    version: row.version,
  };
}

export const offerPageSchema = z.discriminatedUnion(
  "intent",
  [
    offerFormSchema,
    offerRowSchema,
    z.object({ intent: z.literal("delete-vendor-price"), id: recordId() }),
    bulkActionSchema("bulk-vendor-prices", BULK_OPERATIONS),
  ],
  { error: UNKNOWN_ACTION },
);
export type OfferPageForm = z.infer<typeof offerPageSchema>;
