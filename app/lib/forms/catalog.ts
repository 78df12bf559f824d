/**
 * The categories page's forms (categories, filters and sizes; peptides are in peptides.ts, vendors
 * in vendors.ts): one zod schema per page, shared by the dialogs and the route action.
 */
import { z } from "./zod";

import { FILTER_FIELDS, FILTER_TYPES } from "~/lib/constants";
import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";
import { TEXT_LIMITS } from "~/lib/text-limits";

import { checkbox, optionalNumber, optionalText, requiredText } from "./fields";
import { recordId } from "./record-ids";

const categoryName = (requiredMessage: string) =>
  requiredText("Category name", TEXT_LIMITS.name, requiredMessage);
const categoryDescription = optionalText("Description", TEXT_LIMITS.long);

const filterFields = {
  name: requiredText("Filter name", TEXT_LIMITS.name),
  type: z.enum(FILTER_TYPES, "Choose checkbox, range slider, radio button or drop-down list"),
  field: z.enum(FILTER_FIELDS, "Choose what the filter narrows"),
  position: optionalNumber(
    z
      .number("Position must be a number")
      .int("Position must be a whole number")
      .min(0, "Position must be between 0 and 1000")
      .max(1000, "Position must be between 0 and 1000"),
  ),
  enabled: checkbox,
};

export const categoryPageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("create-category"),
      name: categoryName("Please enter a category name"),
      description: categoryDescription,
    }),
    z.object({
      intent: z.literal("update-category"),
      id: recordId("Unknown category"),
      version: rowVersionField,
      name: categoryName("Category name is required"),
      description: categoryDescription,
    }),
    z.object({ intent: z.literal("delete-category"), id: recordId("Unknown category") }),
    z.object({ intent: z.literal("create-filter"), ...filterFields }),
    z.object({
      intent: z.literal("update-filter"),
      id: recordId("Unknown filter"),
      version: rowVersionField,
      ...filterFields,
    }),
    z.object({ intent: z.literal("delete-filter"), id: recordId("Unknown filter") }),
    z.object({ intent: z.literal("delete-size"), id: recordId("Unknown size") }),
  ],
  { error: "Unknown action" },
);

export type CategoryPageForm = z.infer<typeof categoryPageSchema>;

/** A category as the admin types it (the server adds its slug: CategoryInput). */
export interface CategoryFields {
  name: string;
  description: string | null;
}

/** A category as its edit dialog shows it. */
export interface EditableCategory extends CategoryFields {
  id: string;
  /** The row's version: a save after someone else's answers 409 (~/lib/edit-conflict). */
  version: string;
}

/** A home-page filter as its edit dialog shows it. */
export interface EditableFilter {
  id: string;
  name: string;
  type: string;
  field: string;
  position: number;
  enabled: boolean;
  /** The row's version: a save after someone else's answers 409 (~/lib/edit-conflict). */
  version: string;
}

/** A category as its edit dialog posts it: what an edit conflict compares. */
export function categoryFormValues(category: Omit<EditableCategory, "id">): FormValues {
  return {
    name: category.name,
    description: category.description ?? "",
    version: category.version,
  };
}

/** A home-page filter as its edit dialog posts it: what an edit conflict compares. */
export function filterFormValues(filter: Omit<EditableFilter, "id">): FormValues {
  return {
    name: filter.name,
    type: filter.type,
    field: filter.field,
    position: String(filter.position),
    enabled: filter.enabled ? "on" : "",
    version: filter.version,
  };
}
