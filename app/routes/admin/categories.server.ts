/**
 * The admin categories page's loader data and per-intent handlers (categories, home-page filters
 * and sizes). The /admin middleware checks admin rights before either runs.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/infra/context.server";
import { recordPublicChange } from "~/.server/data/audit.server";
import {
  createCategory,
  findCategoryConflict,
  getAdminCategory,
  getCategoryPage,
  updateCategory,
} from "~/.server/data/categories.server";
import {
  createCategoryFilter,
  getAllCategoryFilters,
  getCategoryFilter,
  updateCategoryFilter,
} from "~/.server/data/category-filters.server";
import { getAdminSizeOptionPage, getSizeOptionUsage } from "~/.server/data/size-options.server";
import { deleteToTrash } from "~/.server/services/trash-actions.server";
import { writeFailure } from "~/.server/http/write-errors.server";
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
import { slugify } from "~/lib/slug";
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
  const id = form.intent === "update-category" ? form.id : undefined;
  const failedMessage = id ? "Failed to update category" : "Failed to add category";
  const slug = slugify(form.name);
  if (!slug)
    return fieldFailure("name", "The name needs at least one letter or digit", 400, failedMessage);
  const conflict = await findCategoryConflict(app.db, { name: form.name, slug }, id);
  if (conflict) {
    const message =
      conflict === "name"
        ? `A category named "${form.name}" already exists`
        : `A category with the address "${slug}" already exists`;
    return fieldFailure("name", message, 409, failedMessage);
  }
  const input = { name: form.name, slug, description: form.description };
  let savedId: string;
  let before: typeof input | null = null;
  try {
    if (form.intent === "update-category") {
      const saved = await updateCategory(app.db, form.id, form.version, input);
      if (saved === "changed") return categoryConflict(app, form.id, failedMessage);
      if (saved === "missing") return failure("Category not found", 404, failedMessage);
      before = saved;
      savedId = form.id;
    } else {
      savedId = await createCategory(app.db, input);
    }
  } catch (error) {
    return writeFailure(app, error, "saving a category", failedMessage);
  }
  await recordPublicChange(app, admin, {
    action: id ? "update" : "create",
    entity: "category",
    entityId: savedId,
    name: input.name,
    before,
    after: input,
  });
  return actionSuccess(id ? "Category updated successfully" : "Category added successfully");
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
  const id = form.intent === "update-filter" ? form.id : undefined;
  const failedMessage = id ? "Failed to update filter" : "Failed to add filter";
  const input = {
    name: form.name,
    type: form.type,
    field: form.field,
    position: form.position,
    enabled: form.enabled,
  };
  let savedId: string;
  let before: Awaited<ReturnType<typeof getCategoryFilter>> = null;
  try {
    if (form.intent === "update-filter") {
      before = await getCategoryFilter(app.db, form.id);
      const outcome = before
        ? await updateCategoryFilter(app.db, form.id, form.version, input)
        : "missing";
      if (outcome === "missing") return failure("Filter not found", 404, failedMessage);
      if (outcome === "changed") {
        const current = await getCategoryFilter(app.db, form.id);
        if (!current) return failure("Filter not found", 404, failedMessage);
        return editConflict(filterFormValues(current), current.version);
      }
      savedId = form.id;
    } else {
      savedId = await createCategoryFilter(app.db, input);
    }
  } catch (error) {
    return writeFailure(app, error, "saving a filter", failedMessage);
  }
  const after = await getCategoryFilter(app.db, savedId);
  await recordPublicChange(app, admin, {
    action: id ? "update" : "create",
    entity: "category_filter",
    entityId: savedId,
    name: input.name,
    before: before && withoutVersion(before),
    after: after && withoutVersion(after),
  });
  return actionSuccess(id ? "Filter updated successfully" : "Filter added successfully");
}

/** A row's fields as the audit log records them: the version is no field anyone edits. */
function withoutVersion<T extends { version: string }>({ version: _version, ...fields }: T) {
  return fields;
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
