/**
 * Saving a category or a home-page filter: the write and its audit entry (fields before and
 * after) commit together, then the page cache is emptied. The admin handler parses the form
 * and turns the outcome into its answer.
 */
import type { CategoryFields } from "~/lib/forms/catalog";
import { slugify } from "~/lib/slug";

import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import { createCategory, findCategoryConflict, updateCategory } from "../data/categories.server";
import {
  createCategoryFilter,
  getCategoryFilter,
  updateCategoryFilter,
} from "../data/category-filters.server";
import { commitPublicChange } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db" | "cache">;

/** Saved (its id); or nothing written: no usable slug, a taken name/slug, gone, edited since. */
export type CategorySaveOutcome =
  | { saved: string }
  | { noSlug: true }
  | { taken: "name" | "slug"; slug: string }
  | "missing"
  | "changed";

/** Creates a category, or updates `edit.id` while it is still at `edit.version`. */
export async function saveCategory(
  app: App,
  admin: Admin,
  fields: CategoryFields,
  edit?: { id: string; version: string },
): Promise<CategorySaveOutcome> {
  const slug = slugify(fields.name);
  if (!slug) return { noSlug: true };
  return commitPublicChange(app, admin, async (tx, audit) => {
    const taken = await findCategoryConflict(tx, { name: fields.name, slug }, edit?.id);
    if (taken) return { taken, slug };
    const input = { name: fields.name, slug, description: fields.description };
    let id: string;
    let before: typeof input | null = null;
    if (edit) {
      const saved = await updateCategory(tx, edit.id, edit.version, input);
      if (saved === "changed" || saved === "missing") return saved;
      before = saved;
      id = edit.id;
    } else {
      id = await createCategory(tx, input);
    }
    audit({
      action: edit ? "update" : "create",
      entity: "category",
      entityId: id,
      name: input.name,
      before,
      after: input,
    });
    return { saved: id };
  });
}

type FilterInput = Parameters<typeof createCategoryFilter>[1];

/** Creates a filter, or updates `edit.id` while it is still at `edit.version`. */
export async function saveCategoryFilter(
  app: App,
  admin: Admin,
  input: FilterInput,
  edit?: { id: string; version: string },
): Promise<{ saved: string } | "missing" | "changed"> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    let id: string;
    let before: Awaited<ReturnType<typeof getCategoryFilter>> = null;
    if (edit) {
      before = await getCategoryFilter(tx, edit.id);
      if (!before) return "missing";
      const outcome = await updateCategoryFilter(tx, edit.id, edit.version, input);
      if (outcome !== "updated") return outcome;
      id = edit.id;
    } else {
      id = await createCategoryFilter(tx, input);
    }
    const after = await getCategoryFilter(tx, id);
    audit({
      action: edit ? "update" : "create",
      entity: "category_filter",
      entityId: id,
      name: input.name,
      before: before && withoutVersion(before),
      after: after && withoutVersion(after),
    });
    return { saved: id };
  });
}

/** A row's fields as the audit log records them: the version is no field anyone edits. */
function withoutVersion<T extends { version: string }>({ version: _version, ...fields }: T) {
  return fields;
}
