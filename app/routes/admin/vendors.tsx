import { Plus } from "lucide-react";
import { useMemo } from "react";

import { adminOf } from "~/.server/http/admin-guard.server";
import { readImageUploadForm, withUploadForm } from "~/.server/http/upload-form.server";
import { BulkActions, useRowSelection } from "~/components/admin/bulk-actions";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import { NativeSelect, useDialogState } from "~/components/admin/form-controls";
import { DataTable } from "~/components/admin/data-table";
import { FilterControl, TableFilterForm } from "~/components/admin/table-filter-form";
import { DELETE_VENDOR_KEY, vendorColumns } from "~/components/admin/vendors/vendor-columns";
import { VendorDialog } from "~/components/admin/vendors/vendor-dialog";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { VENDORS_TABLE } from "~/lib/admin-tables";
import type { EditableVendor } from "~/lib/forms/vendors";
import { TABLE_QUERY_MAX } from "~/lib/table-query";

import type { Route } from "./+types/vendors";
import { handleVendorAction, loadVendorsPage } from "./vendors.server";
import { appOf } from "~/.server/platform/context.server";

export function meta() {
  return [{ title: "Vendors · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadVendorsPage(appOf(context), new URL(request.url), new Date());
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return withUploadForm(readImageUploadForm(request), (formData) =>
    handleVendorAction(appOf(context), admin, formData, new Date()),
  );
}

export default function AdminVendors({ loaderData }: Route.ComponentProps) {
  const { rows, total, query, today } = loaderData;
  const dialog = useDialogState<EditableVendor>();
  const openDialog = dialog.open;
  const selection = useRowSelection(rows.map((row) => row.id));
  useFetcherToast(DELETE_VENDOR_KEY);
  const columns = useMemo(() => vendorColumns({ onEdit: openDialog, today }), [openDialog, today]);

  return (
    <section aria-labelledby="vendors-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="vendors-heading" className="text-2xl font-semibold tracking-tight">
          Vendors
        </h1>
        <Button onClick={() => openDialog()}>
          <Plus aria-hidden />
          Add Vendor
        </Button>
      </div>
      <TableFilterForm label="Search vendors" table={VENDORS_TABLE} query={query}>
        <FilterControl id="vendor-search" label="Search">
          <Input
            id="vendor-search"
            name="q"
            type="search"
            placeholder="Name, website or coupon"
            maxLength={TABLE_QUERY_MAX}
            defaultValue={query.q}
            className="h-8 w-56"
          />
        </FilterControl>
        <FilterControl id="vendor-coupon-filter" label="Coupon">
          <NativeSelect
            id="vendor-coupon-filter"
            name="coupon"
            defaultValue={query.filters.coupon ?? ""}
            className="h-8"
          >
            <option value="">Any</option>
            <option value="expiring">Expiring or expired</option>
          </NativeSelect>
        </FilterControl>
      </TableFilterForm>
      <BulkActions
        intent="bulk-vendors"
        selection={selection}
        noun={{ one: "vendor", other: "vendors" }}
        rows={rows}
        operations={["delete"]}
      />
      <DataTable
        label="Vendors"
        columns={columns}
        rows={rows}
        total={total}
        table={VENDORS_TABLE}
        query={query}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        selection={selection}
        emptyMessage={
          total === 0 && !query.q && !query.filters.coupon ? "No vendors yet." : "No vendors match."
        }
      />
      <VendorDialog key={dialog.key} state={dialog.state} today={today} onClose={dialog.close} />
    </section>
  );
}
