import type { ColumnDef } from "@tanstack/react-table";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";

import { requireAdmin } from "~/.server/auth.server";
import { recordPublicChange } from "~/.server/data/audit.server";
import {
  createCategory,
  deleteCategory,
  findCategoryConflict,
  getCategories,
  updateCategory,
  type AdminCategory,
} from "~/.server/data/categories.server";
import {
  createCategoryFilter,
  deleteCategoryFilter,
  getAllCategoryFilters,
  updateCategoryFilter,
  type AdminCategoryFilter,
} from "~/.server/data/category-filters.server";
import { writeFailure } from "~/.server/write-errors.server";
import { failure, actionSuccess, type ActionResult } from "~/lib/action-result";
import { ConfirmDeleteButton, useFetcherToast } from "~/components/admin/confirm-delete-button";
import { DataTable } from "~/components/admin/data-table";
import {
  Field,
  FormDialogFooter,
  NativeSelect,
  useDialogState,
  validateOnSubmit,
  type DialogState,
} from "~/components/admin/form-controls";
import { EditButton } from "~/components/admin/row-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { useActionToast } from "~/hooks/use-action-toast";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import { categoryPageSchema } from "~/lib/forms/catalog";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { slugify } from "~/lib/slug";

import type { Route } from "./+types/categories";

const DELETE_CATEGORY_KEY = "delete-category";
const DELETE_FILTER_KEY = "delete-filter";

const FILTER_TYPE_LABELS: Record<string, string> = {
  checkbox: "Checkbox",
  range: "Range slider",
  radio: "Radio button",
};
const FILTER_FIELD_LABELS: Record<string, string> = {
  size: "Vial size",
  vendor: "Vendor",
  price: "Price",
  rating: "Customer rating",
};

export function meta() {
  return [{ title: "Categories · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.app, request);
  const { db } = context.app;
  const [categories, filters] = await Promise.all([getCategories(db), getAllCategoryFilters(db)]);
  return { categories, filters };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.app, request);
  const { app } = context;
  const { db } = app;
  const parsed = categoryPageSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const form = parsed.data;

  switch (form.intent) {
    case "create-category":
    case "update-category": {
      const id = form.intent === "update-category" ? form.id : undefined;
      const failedMessage = id ? "Failed to update category" : "Failed to add category";
      const slug = slugify(form.name);
      if (!slug) return failure("The name needs at least one letter or digit", 400, failedMessage);
      const conflict = await findCategoryConflict(db, { name: form.name, slug }, id);
      if (conflict) {
        return failure(
          conflict === "name"
            ? `A category named "${form.name}" already exists`
            : `A category with the address "${slug}" already exists`,
          409,
          failedMessage,
        );
      }
      const input = { name: form.name, slug, description: form.description };
      let savedId: string;
      let before: typeof input | null = null;
      try {
        if (id) {
          before = await updateCategory(db, id, input);
          if (!before) return failure("Category not found", 404, failedMessage);
          savedId = id;
        } else {
          savedId = await createCategory(db, input);
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

    case "delete-category": {
      const deleted = await deleteCategory(db, form.id);
      if (!deleted) return failure("Category not found", 404);
      await recordPublicChange(app, admin, {
        action: "delete",
        entity: "category",
        entityId: form.id,
        name: deleted.name,
        before: deleted,
      });
      return actionSuccess("Category deleted successfully");
    }

    case "create-filter":
    case "update-filter": {
      const id = form.intent === "update-filter" ? form.id : undefined;
      const input = {
        name: form.name,
        type: form.type,
        field: form.field,
        position: form.position,
        enabled: form.enabled,
      };
      let savedId: string;
      if (id) {
        if (!(await updateCategoryFilter(db, id, input))) return failure("Filter not found", 404);
        savedId = id;
      } else {
        savedId = await createCategoryFilter(db, input);
      }
      await recordPublicChange(app, admin, {
        action: id ? "update" : "create",
        entity: "category_filter",
        entityId: savedId,
        details: input,
      });
      return actionSuccess(id ? "Filter updated successfully" : "Filter added successfully");
    }

    case "delete-filter": {
      if (!(await deleteCategoryFilter(db, form.id))) return failure("Filter not found", 404);
      await recordPublicChange(app, admin, {
        action: "delete",
        entity: "category_filter",
        entityId: form.id,
      });
      return actionSuccess("Filter deleted successfully");
    }
  }
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories, filters } = loaderData;
  const categoryDialog = useDialogState<AdminCategory>();
  const openCategoryDialog = categoryDialog.open;
  const filterDialog = useDialogState<AdminCategoryFilter>();
  useFetcherToast(DELETE_CATEGORY_KEY);
  useFetcherToast(DELETE_FILTER_KEY);

  const categoryColumns = useMemo<ColumnDef<AdminCategory, unknown>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        accessorFn: (row) => row.name,
        enableSorting: false,
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      {
        id: "description",
        header: "Description",
        enableSorting: false,
        cell: ({ row }) => (
          <p className="line-clamp-2 min-w-40 text-muted-foreground">{row.original.description}</p>
        ),
      },
      {
        id: "actions",
        header: "Actions",
        enableSorting: false,
        cell: ({ row }) => (
          <div className="flex items-center gap-1">
            <EditButton
              label={`Edit ${row.original.name}`}
              onClick={() => openCategoryDialog(row.original)}
            />
            <ConfirmDeleteButton
              fetcherKey={DELETE_CATEGORY_KEY}
              fields={{ intent: "delete-category", id: row.original.id }}
              itemName={row.original.name}
              description={`The category ${row.original.name} will be permanently deleted. Its peptides stay, without a category.`}
            />
          </div>
        ),
      },
    ],
    [openCategoryDialog],
  );

  return (
    <div className="space-y-10">
      <section aria-labelledby="categories-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="categories-heading" className="text-2xl font-semibold tracking-tight">
            Categories
          </h1>
          <Button onClick={() => categoryDialog.open()}>
            <Plus aria-hidden />
            Add New Category
          </Button>
        </div>
        <DataTable
          label="Categories"
          columns={categoryColumns}
          data={categories}
          pageSize={ADMIN_PAGE_SIZE}
          emptyMessage="No categories yet."
          getRowId={(row) => row.id}
        />
      </section>

      <section aria-labelledby="filters-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h2 id="filters-heading" className="text-xl font-semibold tracking-tight">
              Filters
            </h2>
            <p className="text-sm text-muted-foreground">
              Enabled filters are offered on the home page, in this order.
            </p>
          </div>
          <Button variant="outline" onClick={() => filterDialog.open()}>
            <Plus aria-hidden />
            Add Filter
          </Button>
        </div>
        {filters.length === 0 ? (
          <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
            No filters yet.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Filters">
            {filters.map((filter) => (
              <li key={filter.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
                <span className="font-medium">{filter.name}</span>
                <Badge variant="outline">{FILTER_TYPE_LABELS[filter.type] ?? filter.type}</Badge>
                <span className="text-sm text-muted-foreground">
                  {FILTER_FIELD_LABELS[filter.field] ?? filter.field}
                </span>
                {filter.enabled ? null : <Badge variant="secondary">Disabled</Badge>}
                <div className="ml-auto flex items-center gap-1">
                  <EditButton
                    label={`Edit filter ${filter.name}`}
                    onClick={() => filterDialog.open(filter)}
                  />
                  <ConfirmDeleteButton
                    fetcherKey={DELETE_FILTER_KEY}
                    fields={{ intent: "delete-filter", id: filter.id }}
                    itemName={`filter ${filter.name}`}
                    description={`The filter ${filter.name} will be removed from the home page.`}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <CategoryDialog
        key={categoryDialog.key}
        state={categoryDialog.state}
        onClose={categoryDialog.close}
      />
      <FilterDialog
        key={filterDialog.key}
        state={filterDialog.state}
        onClose={filterDialog.close}
      />
    </div>
  );
}

function CategoryDialog({
  state,
  onClose,
}: {
  state: DialogState<AdminCategory>;
  onClose: () => void;
}) {
  const editing = state.open ? state.row : null;
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, onClose);
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={state.open} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Category" : "Add New Category"}</DialogTitle>
          <DialogDescription>Categories group peptides on the home page.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          className="grid gap-4"
          onSubmit={validateOnSubmit(categoryPageSchema)}
        >
          <input
            type="hidden"
            name="intent"
            value={editing ? "update-category" : "create-category"}
          />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <Field id="category-name" label="Name">
            <Input
              id="category-name"
              name="name"
              defaultValue={editing?.name ?? ""}
              autoComplete="off"
            />
          </Field>
          <Field id="category-description" label="Description">
            <Textarea
              id="category-description"
              name="description"
              rows={3}
              defaultValue={editing?.description ?? ""}
            />
          </Field>
          <FormDialogFooter
            busy={busy}
            submitLabel={editing ? "Save Changes" : "Add Category"}
            onCancel={onClose}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function FilterDialog({
  state,
  onClose,
}: {
  state: DialogState<AdminCategoryFilter>;
  onClose: () => void;
}) {
  const editing = state.open ? state.row : null;
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, onClose);
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={state.open} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Filter" : "Add Filter"}</DialogTitle>
          <DialogDescription>How visitors narrow the peptides on the home page.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          className="grid gap-4"
          onSubmit={validateOnSubmit(categoryPageSchema)}
        >
          <input type="hidden" name="intent" value={editing ? "update-filter" : "create-filter"} />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <Field id="filter-name" label="Filter name">
            <Input
              id="filter-name"
              name="name"
              defaultValue={editing?.name ?? ""}
              autoComplete="off"
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="filter-type" label="Type">
              <NativeSelect id="filter-type" name="type" defaultValue={editing?.type ?? "checkbox"}>
                {Object.entries(FILTER_TYPE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="filter-field" label="Filters by">
              <NativeSelect id="filter-field" name="field" defaultValue={editing?.field ?? "size"}>
                {Object.entries(FILTER_FIELD_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="filter-position" label="Position">
              <Input
                id="filter-position"
                name="position"
                type="number"
                min={0}
                step={1}
                defaultValue={editing?.position ?? ""}
                placeholder="Last"
              />
            </Field>
            <div className="flex items-center gap-2 self-end pb-2">
              <Switch
                id="filter-enabled"
                name="enabled"
                checked={enabled}
                onCheckedChange={setEnabled}
              />
              <Label htmlFor="filter-enabled">Shown on the home page</Label>
            </div>
          </div>
          <FormDialogFooter
            busy={busy}
            submitLabel={editing ? "Save Changes" : "Add Filter"}
            onCancel={onClose}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
