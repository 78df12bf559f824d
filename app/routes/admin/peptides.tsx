import { Plus } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Link, redirect, useLocation, useNavigate } from "react-router";

import { adminOf } from "~/.server/http/admin-guard.server";
import { readImageUploadForm, withUploadForm } from "~/.server/http/upload-form.server";
import { StatusFilter } from "~/components/admin/active-status";
import { BulkActions, useRowSelection } from "~/components/admin/bulk-actions";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import { NativeSelect, useDialogState } from "~/components/admin/form-controls";
import {
  DELETE_PEPTIDE_KEY,
  PROMOTE_PEPTIDE_KEY,
  peptideColumns,
  type PeptideRow,
} from "~/components/admin/peptides/peptide-columns";
import { PeptideDialog } from "~/components/admin/peptides/peptide-dialog";
import { DataTable } from "~/components/admin/data-table";
import { FilterControl, TableFilterForm } from "~/components/admin/table-filter-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { PEPTIDES_TABLE } from "~/lib/admin-tables";
import { TABLE_QUERY_MAX } from "~/lib/table-query";

import type { Route } from "./+types/peptides";
import { handlePeptideAction, loadPeptidesPage } from "./peptides.server";
import { appOf } from "~/.server/platform/context.server";

export function meta() {
  return [{ title: "Peptides · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The offers have their own page; the dashboard's older links still land there.
  if (url.searchParams.get("stale") === "1") throw redirect("/admin/prices?stale=1");
  return loadPeptidesPage(appOf(context), url);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return withUploadForm(readImageUploadForm(request), (formData) =>
    handlePeptideAction(appOf(context), admin, formData),
  );
}

export default function AdminPeptides({ loaderData }: Route.ComponentProps) {
  const { rows, total, query, categories } = loaderData;
  const dialog = useDialogState<PeptideRow>();
  const openDialog = dialog.open;
  const selection = useRowSelection(rows.map((row) => row.id));
  const { hash } = useLocation();
  const navigate = useNavigate();
  useFetcherToast(DELETE_PEPTIDE_KEY);
  const promoteFetcher = useFetcherToast(PROMOTE_PEPTIDE_KEY);
  const columns = useMemo(
    () => peptideColumns({ onEdit: openDialog, promoteFetcher }),
    [openDialog, promoteFetcher],
  );

  // The offers table lived here as #offers; old links find it on its own page.
  useEffect(() => {
    if (hash === "#offers") void navigate("/admin/prices", { replace: true });
  }, [hash, navigate]);

  return (
    <section aria-labelledby="peptides-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="peptides-heading" className="text-2xl font-semibold tracking-tight">
          Peptides
        </h1>
        <Button onClick={() => openDialog()}>
          <Plus aria-hidden />
          Add Peptide
        </Button>
      </div>
      <TableFilterForm label="Search peptides" table={PEPTIDES_TABLE} query={query}>
        <FilterControl id="peptide-search" label="Search">
          <Input
            id="peptide-search"
            name="q"
            type="search"
            placeholder="Name, slug or alias"
            maxLength={TABLE_QUERY_MAX}
            defaultValue={query.q}
            className="h-8 w-56"
          />
        </FilterControl>
        <FilterControl id="peptide-category-filter" label="Category">
          <NativeSelect
            id="peptide-category-filter"
            name="category"
            defaultValue={query.filters.category ?? ""}
            className="h-8"
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </FilterControl>
        <FilterControl id="peptide-popular-filter" label="Popular">
          <NativeSelect
            id="peptide-popular-filter"
            name="popular"
            defaultValue={query.filters.popular ?? ""}
            className="h-8"
          >
            <option value="">All</option>
            <option value="1">Popular only</option>
            <option value="0">Not popular</option>
          </NativeSelect>
        </FilterControl>
        <StatusFilter id="peptide-status-filter" status={query.filters.status} />
      </TableFilterForm>
      <BulkActions
        intent="bulk-peptides"
        selection={selection}
        noun={{ one: "peptide", other: "peptides" }}
        rows={rows}
      />
      <DataTable
        label="Peptides"
        columns={columns}
        rows={rows}
        total={total}
        table={PEPTIDES_TABLE}
        query={query}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        emptyMessage={total === 0 && !query.q ? "No peptides yet." : "No peptides match."}
        selection={selection}
      />
      <p className="text-sm text-muted-foreground">
        Vendor prices are on their own page:{" "}
        <Link to="/admin/prices" className="text-primary underline underline-offset-4">
          Vendor Prices
        </Link>
        .
      </p>
      <PeptideDialog
        key={dialog.key}
        state={dialog.state}
        categories={categories}
        onClose={dialog.close}
      />
    </section>
  );
}
