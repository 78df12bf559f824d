/**
 * The admin categories page's loader data and per-intent handlers (categories, home-page filters
 * and sizes). The /admin middleware checks admin rights before either runs.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getAdminCategory, getCategoryPage } from "~/.server/data/categories.server";
import { getAllCategoryFilters, getCategoryFilter } from "~/.server/data/category-filters.server";
import { getAdminSizeOptionPage, getSizeOptionUsage } from "~/.server/data/size-options.server";
import {
  saveCategory as saveCategoryService,
  saveCategoryFilter,
  type CategorySaveOutcome,
} from "~/.server/services/categories.server";
import { deleteToTrash } from "~/.server/services/trash-actions.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { actionSuccess, editConflict, failure } from "~/lib/action-result";
import { CATEGORIES_TABLE, SIZES_TABLE } from "~/lib/admin-tables";
import {
  categoryFormValues,
  categoryPageSchema,
  filterFormValues,
  type CategoryPageForm,
} from "~/lib/forms/catalog";
import { fieldFailure } from "~/lib/forms/field-failure";
import { formFields, invalidForm } from "~/lib/forms/form-data";
import { readTablePage } from "~/lib/table-query";
import { formatSize } from "~/lib/units";

type Admin = Pick<SessionUser, "id" | "email">;

export async function loadCategoriesPage(app: AppContext, url: URL) {
  const categoriesQuery = CATEGORIES_TABLE.parse(url.searchParams);
  const sizesQuery = SIZES_TABLE.parse(url.searchParams);
  const [categories, filters, sizes] = await Promise.all([
    readTablePage(categoriesQuery, (page) => getCategoryPage(app.db, { ...categoriesQuery, page })),
    getAllCategoryFilters(app.db),
    readTablePage(sizesQuery, (page) => getAdminSizeOptionPage(app.db, { ...sizesQuery, page })),
  ]);
  return { categories, filters, sizes };
}

async function saveCategory(
  app: AppContext,
  admin: Admin,
  form: Extract<CategoryPageForm, { intent: "create-category" | "update-category" }>,
) {
  const edit = form.intent === "update-category" ? form : undefined;
  const failedMessage = edit ? "Failed to update category" : "Failed to add category";
  const fields = { name: form.name, description: form.description };
  let outcome: CategorySaveOutcome;
  try {
    outcome = await saveCategoryService(app, admin, fields, edit);
  } catch (error) {
    return writeFailure(app, error, "saving a category", failedMessage);
  }
  if (outcome === "changed") return categoryConflict(app, edit!.id, failedMessage);
  if (outcome === "missing") return failure("Category not found", 404, failedMessage);
  if ("noSlug" in outcome)
    return fieldFailure("name", "The name needs at least one letter or digit", 400, failedMessage);
  if ("taken" in outcome) {
    const message =
      outcome.taken === "name"
        ? `A category named "${form.name}" already exists`
        : `A category with the address "${outcome.slug}" already exists`;
    return fieldFailure("name", message, 409, failedMessage);
  }
  return actionSuccess(edit ? "Category updated successfully" : "Category added successfully");
}

/** 409 with the category as it is now (someone saved it since the dialog opened). */
async function categoryConflict(app: AppContext, id: string, failedMessage: string) {
  const current = await getAdminCategory(app.db, id);
  if (!current) return failure("Category not found", 404, failedMessage);
  return editConflict(categoryFormValues(current), current.version);
}

async function saveFilter(
  app: AppContext,
  admin: Admin,
  form: Extract<CategoryPageForm, { intent: "create-filter" | "update-filter" }>,
) {
  const edit = form.intent === "update-filter" ? form : undefined;
  const failedMessage = edit ? "Failed to update filter" : "Failed to add filter";
  const input = {
    name: form.name,
    type: form.type,
    field: form.field,
    position: form.position,
    enabled: form.enabled,
  };
  let outcome: Awaited<ReturnType<typeof saveCategoryFilter>>;
  try {
    outcome = await saveCategoryFilter(app, admin, input, edit);
  } catch (error) {
    return writeFailure(app, error, "saving a filter", failedMessage);
  }
  if (outcome === "changed") {
    const current = await getCategoryFilter(app.db, edit!.id);
    if (current) return editConflict(filterFormValues(current), current.version);
  }
  if (outcome === "missing" || outcome === "changed") {
    return failure("Filter not found", 404, failedMessage);
  }
  return actionSuccess(edit ? "Filter updated successfully" : "Filter added successfully");
}

async function deleteSize(app: AppContext, admin: Admin, id: string) {
  const size = await getSizeOptionUsage(app.db, id);
  if (!size) return failure("Size not found", 404);
  const label = formatSize(size.quantity, size.unit, size.unitLabel);
  if (size.priceCount > 0) {
    return failure(
      `${label} is used by ${size.priceCount} price${size.priceCount === 1 ? "" : "s"}`,
      409,
      "Size still in use",
    );
  }
  return deleteToTrash(app, admin, {
    entity: "size_option",
    ids: [id],
    auditEntity: "size_option",
    deletedMessage: `Size ${label} deleted`,
    notFoundMessage: "Size not found",
  });
}

export async function handleCategoryAction(app: AppContext, admin: Admin, formData: FormData) {
  const parsed = categoryPageSchema.safeParse(formFields(formData));
  if (!parsed.success) return invalidForm(parsed.error);
  const form = parsed.data;

  switch (form.intent) {
    case "create-category":
    case "update-category":
      return saveCategory(app, admin, form);
    case "delete-category":
      return deleteToTrash(app, admin, {
        entity: "category",
        ids: [form.id],
        auditEntity: "category",
        deletedMessage: "Category deleted successfully",
        notFoundMessage: "Category not found",
      });
    case "create-filter":
    case "update-filter":
      return saveFilter(app, admin, form);
    case "delete-filter":
      return deleteToTrash(app, admin, {
        entity: "category_filter",
        ids: [form.id],
        auditEntity: "category_filter",
        deletedMessage: "Filter deleted successfully",
        notFoundMessage: "Filter not found",
      });
    case "delete-size":
      return deleteSize(app, admin, form.id);
  }
}
