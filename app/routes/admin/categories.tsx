import { Plus } from "lucide-react";
import { useMemo } from "react";

import { adminOf } from "~/.server/http/admin-guard.server";
import {
  DELETE_CATEGORY_KEY,
  categoryColumns,
} from "~/components/admin/categories/category-columns";
import { CategoryDialog } from "~/components/admin/categories/category-dialog";
import { FilterDialog } from "~/components/admin/categories/filter-dialog";
import { DELETE_FILTER_KEY, FilterList } from "~/components/admin/categories/filter-list";
import { DELETE_SIZE_KEY, sizeColumns } from "~/components/admin/categories/size-columns";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import { DataTable } from "~/components/admin/data-table";
import { useDialogState } from "~/components/admin/form-controls";
import { SearchControl, TableFilterForm } from "~/components/admin/table-filter-form";
import { Button } from "~/components/ui/button";
import { CATEGORIES_TABLE, SIZES_TABLE } from "~/lib/admin-tables";
import type { EditableCategory, EditableFilter } from "~/lib/forms/catalog";

import type { Route } from "./+types/categories";
import { handleCategoryAction, loadCategoriesPage } from "./categories.server";
import { appOf } from "~/.server/platform/context.server";

export function meta() {
  return [{ title: "Categories · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCategoriesPage(appOf(context), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return handleCategoryAction(appOf(context), admin, await request.formData());
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories, filters, sizes } = loaderData;
  const categoryDialog = useDialogState<EditableCategory>();
  const openCategoryDialog = categoryDialog.open;
  const filterDialog = useDialogState<EditableFilter>();
  useFetcherToast(DELETE_CATEGORY_KEY);
  useFetcherToast(DELETE_FILTER_KEY);
  useFetcherToast(DELETE_SIZE_KEY);
  const columns = useMemo(
    () => categoryColumns({ onEdit: openCategoryDialog }),
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
        <TableFilterForm
          label="Search categories"
          table={CATEGORIES_TABLE}
          query={categories.query}
        >
          <SearchControl
            id="category-search"
            table={CATEGORIES_TABLE}
            query={categories.query}
            placeholder="Name or description"
          />
        </TableFilterForm>
        <DataTable
          label="Categories"
          columns={columns}
          rows={categories.rows}
          total={categories.total}
          table={CATEGORIES_TABLE}
          query={categories.query}
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
        <FilterList filters={filters} onEdit={filterDialog.open} />
      </section>

      <section aria-labelledby="sizes-heading" className="space-y-4">
        <div>
          <h2 id="sizes-heading" className="text-xl font-semibold tracking-tight">
            Sizes
          </h2>
          <p className="text-sm text-muted-foreground">
            Each peptide&apos;s sizes, as vendor prices and the home page use them. A size can be
            deleted once no price uses it.
          </p>
        </div>
        <TableFilterForm label="Search sizes" table={SIZES_TABLE} query={sizes.query}>
          <SearchControl
            id="size-search"
            table={SIZES_TABLE}
            query={sizes.query}
            placeholder="Peptide or size (10 mg)"
          />
        </TableFilterForm>
        <DataTable
          label="Sizes"
          columns={sizeColumns}
          rows={sizes.rows}
          total={sizes.total}
          table={SIZES_TABLE}
          query={sizes.query}
          emptyMessage="No sizes yet."
          getRowId={(row) => row.id}
        />
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
