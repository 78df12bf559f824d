import { Plus } from "lucide-react";
import { useMemo } from "react";

import { adminOf } from "~/.server/admin-guard.server";
import { readImageUploadForm } from "~/.server/upload-form.server";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import { NativeSelect, useDialogState } from "~/components/admin/form-controls";
import { ServerTable } from "~/components/admin/server-table";
import { FilterControl, TableFilterForm } from "~/components/admin/table-filter-form";
import { DELETE_VENDOR_KEY, vendorColumns } from "~/components/admin/vendors/vendor-columns";
import { VendorDialog, type EditableVendor } from "~/components/admin/vendors/vendor-dialog";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MAX_SEARCH_LENGTH } from "~/lib/admin-table-url";

import type { Route } from "./+types/vendors";
import { handleVendorAction, loadVendorsPage } from "./vendors.server";

const DEFAULT_SORT = { column: "name", direction: "asc" } as const;

export function meta() {
  return [{ title: "Vendors · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadVendorsPage(context.app, new URL(request.url), new Date());
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return handleVendorAction(context.app, admin, await readImageUploadForm(request), new Date());
}

export default function AdminVendors({ loaderData }: Route.ComponentProps) {
  const { rows, total, query, today } = loaderData;
  const dialog = useDialogState<EditableVendor>();
  const openDialog = dialog.open;
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
      <TableFilterForm label="Search vendors" sort={query.sort} defaultSort={DEFAULT_SORT}>
        <FilterControl id="vendor-search" label="Search">
          <Input
            id="vendor-search"
            name="q"
            type="search"
            placeholder="Name, website or coupon"
            maxLength={MAX_SEARCH_LENGTH}
            defaultValue={query.search}
            className="h-8 w-56"
          />
        </FilterControl>
        <FilterControl id="vendor-coupon-filter" label="Coupon">
          <NativeSelect
            id="vendor-coupon-filter"
            name="coupon"
            defaultValue={query.expiring ? "expiring" : ""}
            className="h-8"
          >
            <option value="">Any</option>
            <option value="expiring">Expiring or expired</option>
          </NativeSelect>
        </FilterControl>
      </TableFilterForm>
      <ServerTable
        label="Vendors"
        columns={columns}
        rows={rows}
        total={total}
        page={query.page}
        pageSize={query.pageSize}
        sort={query.sort}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        emptyMessage={
          total === 0 && !query.search && !query.expiring ? "No vendors yet." : "No vendors match."
        }
      />
      <VendorDialog key={dialog.key} state={dialog.state} today={today} onClose={dialog.close} />
    </section>
  );
}
