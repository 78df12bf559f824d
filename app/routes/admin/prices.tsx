import { Plus } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { adminOf } from "~/.server/http/admin-guard.server";
import { StatusFilter } from "~/components/admin/active-status";
import { BulkActions, useRowSelection } from "~/components/admin/bulk-actions";
import { CatalogueCombobox } from "~/components/admin/catalogue-combobox";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import { NativeSelect, useDialogState } from "~/components/admin/form-controls";
import { DataTable } from "~/components/admin/data-table";
import { focusRowEdit } from "~/components/admin/focus-return";
import { FilterControl, TableFilterForm } from "~/components/admin/table-filter-form";
import { InlinePriceEditor } from "~/components/admin/offers/inline-price-editor";
import {
  DELETE_PRICE_KEY,
  priceColumns,
  priceRowName,
  type PriceRow,
} from "~/components/admin/offers/price-columns";
import { OfferDialog } from "~/components/admin/offers/offer-dialog";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { VENDOR_PRICES_TABLE } from "~/lib/admin-tables";
import { formatLastScraped } from "~/lib/format";
import { TABLE_QUERY_MAX } from "~/lib/table-query";

import type { Route } from "./+types/prices";
import { handlePriceAction, loadPricesPage } from "./prices.server";
import { appOf } from "~/.server/platform/context.server";

export function meta() {
  return [{ title: "Vendor Prices · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPricesPage(appOf(context), new URL(request.url), new Date());
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return handlePriceAction(appOf(context), admin, await request.formData());
}

export default function AdminPrices({ loaderData }: Route.ComponentProps) {
  const { rows, total, query, filterPeptide, filterVendor, staleBefore, staleAfterMissedRuns } =
    loaderData;
  const dialog = useDialogState<null>();
  const [editingId, setEditingId] = useState<string | null>(null);
  const stopEditing = useCallback(() => setEditingId(null), []);
  // Saved or cancelled, the focus goes back to the row's Edit button (the editor is gone).
  const lastEdited = useRef<string | null>(null);
  useEffect(() => {
    const rowId = editingId === null ? lastEdited.current : null;
    if (!rowId) return;
    lastEdited.current = null;
    focusRowEdit(rowId);
  }, [editingId]);
  const selection = useRowSelection(rows.map((row) => row.id));
  useFetcherToast(DELETE_PRICE_KEY);
  const columns = useMemo(
    () =>
      priceColumns({
        onEdit: (row) => {
          lastEdited.current = row.id;
          setEditingId(row.id);
        },
        editingDisabled: editingId !== null,
      }),
    [editingId],
  );
  const renderRow = (row: PriceRow) =>
    row.id === editingId ? (
      <InlinePriceEditor row={row} columns={columns} onDone={stopEditing} />
    ) : null;

  return (
    <section aria-labelledby="prices-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="prices-heading" className="text-2xl font-semibold tracking-tight">
          Vendor Prices
        </h1>
        <Button onClick={() => dialog.open()}>
          <Plus aria-hidden />
          Add Vendor Price
        </Button>
      </div>
      <TableFilterForm label="Filter vendor prices" table={VENDOR_PRICES_TABLE} query={query}>
        <FilterControl id="price-search" label="Search">
          <Input
            id="price-search"
            name="q"
            type="search"
            placeholder="Peptide, vendor, link or notes"
            maxLength={TABLE_QUERY_MAX}
            defaultValue={query.q}
            className="h-8 w-56"
          />
        </FilterControl>
        <FilterControl id="price-filter-peptide" label="Peptide">
          <CatalogueCombobox
            id="price-filter-peptide"
            kind="peptides"
            name="peptide"
            selected={filterPeptide}
            noneLabel="All peptides"
            className="h-8 w-48"
          />
        </FilterControl>
        <FilterControl id="price-filter-vendor" label="Vendor">
          <CatalogueCombobox
            id="price-filter-vendor"
            kind="vendors"
            name="vendor"
            selected={filterVendor}
            noneLabel="All vendors"
            className="h-8 w-48"
          />
        </FilterControl>
        <FilterControl id="price-filter-stock" label="Stock">
          <NativeSelect
            id="price-filter-stock"
            name="stock"
            defaultValue={query.filters.stock ?? ""}
            className="h-8"
          >
            <option value="">Any stock</option>
            <option value="in">In stock</option>
            <option value="out">Out of stock</option>
          </NativeSelect>
        </FilterControl>
        <StatusFilter id="price-filter-status" status={query.filters.status} />
        <label className="flex h-8 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="stale"
            value="1"
            defaultChecked={query.filters.stale !== undefined}
            className="size-4 accent-[var(--primary)]"
          />
          Stale only
        </label>
      </TableFilterForm>
      {query.filters.stale ? (
        <p className="text-sm text-muted-foreground">
          Stale: not confirmed since {formatLastScraped(staleBefore)}, or missed{" "}
          {staleAfterMissedRuns} runs in a row (as on the public pages).
        </p>
      ) : null}
      <BulkActions
        intent="bulk-vendor-prices"
        selection={selection}
        noun={{ one: "vendor price", other: "vendor prices" }}
        rows={rows}
      />
      <DataTable
        label="Vendor prices"
        columns={columns}
        rows={rows}
        total={total}
        table={VENDOR_PRICES_TABLE}
        query={query}
        getRowId={(row) => row.id}
        getRowLabel={priceRowName}
        emptyMessage="No vendor prices match."
        selection={selection}
        renderRow={renderRow}
      />
      <OfferDialog key={dialog.key} open={dialog.state.open} onClose={dialog.close} />
    </section>
  );
}
