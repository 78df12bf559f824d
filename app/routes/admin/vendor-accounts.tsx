import { Form } from "react-router";

import { adminOf } from "~/.server/http/admin-guard.server";
import { appOf } from "~/.server/platform/context.server";
import { SimpleTable, type SimpleColumn } from "~/components/admin/data-table";
import { TablePager } from "~/components/admin/table-pager";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TableCell, TableRow } from "~/components/ui/table";
import { useActionToast } from "~/hooks/use-action-toast";
import { HELD_SUBMISSIONS_LIST, VENDOR_MEMBERS_LIST } from "~/lib/trust/review-lists";
import { formatSize } from "~/lib/units";

import type { Route } from "./+types/vendor-accounts";
import { handleVendorAccountsAction, loadVendorAccountsPage } from "./vendor-accounts.server";

export function meta() {
  return [{ title: "Vendor accounts · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadVendorAccountsPage(appOf(context), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleVendorAccountsAction(appOf(context), adminOf(context), await request.formData());
}

type HeldSubmission = Route.ComponentProps["loaderData"]["held"]["rows"][number];

const HELD_COLUMNS: SimpleColumn<HeldSubmission>[] = [
  { header: "Offer" },
  { header: "Vendor says" },
  { header: "Storefront shows" },
  { header: "Live now" },
  { header: "Why held" },
  { header: "Actions" },
];

/** A held submission beside the storefront's and the live price, with its decision pinned. */
function HeldRow({ row }: { row: HeldSubmission }) {
  return (
    <TableRow data-testid="held-submission">
      <TableCell className="align-top whitespace-normal" data-label="Offer">
        {row.vendorName}: {row.peptideName} {formatSize(row.quantity, row.unit, row.unitLabel)}
      </TableCell>
      <TableCell className="align-top" data-label="Vendor says">
        {row.price} {row.currency} · {row.stockStatus}
      </TableCell>
      <TableCell className="align-top" data-label="Storefront shows">
        {row.storefrontPrice ?? "—"} · {row.storefrontStock ?? "—"}
      </TableCell>
      <TableCell className="align-top" data-label="Live now">
        {row.currentPrice ?? "—"} · {row.currentStock ?? "—"}
      </TableCell>
      <TableCell className="align-top whitespace-normal wrap-anywhere" data-label="Why held">
        {row.reason}
      </TableCell>
      <TableCell className="align-top" data-label="Actions">
        <div className="flex gap-2">
          <Form method="post">
            <input type="hidden" name="id" value={row.id} />
            <Button type="submit" name="intent" value="approve-submission" size="sm">
              Approve
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="id" value={row.id} />
            <Button
              type="submit"
              name="intent"
              value="reject-submission"
              size="sm"
              variant="outline"
            >
              Reject
            </Button>
          </Form>
        </div>
      </TableCell>
    </TableRow>
  );
}

export default function AdminVendorAccounts({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { members, held, vendorOptions } = loaderData;
  return (
    <section aria-labelledby="vendor-accounts-heading" className="space-y-6">
      <h1 id="vendor-accounts-heading" className="text-2xl font-semibold tracking-tight">
        Vendor accounts
      </h1>
      <section aria-labelledby="held-heading" className="space-y-2">
        <h2 id="held-heading" className="text-lg font-semibold">
          Held vendor submissions
        </h2>
        <SimpleTable
          label="Held vendor submissions"
          columns={HELD_COLUMNS}
          rows={held.rows}
          rowKey={(row) => row.id}
          renderRow={(row) => <HeldRow row={row} />}
          emptyMessage="No submission waits."
          pinLastColumn
          phoneCards
        />
        <TablePager
          label="Held vendor submissions"
          table={HELD_SUBMISSIONS_LIST}
          query={held.query}
          total={held.total}
        />
      </section>
      <section aria-labelledby="members-heading" className="space-y-2">
        <h2 id="members-heading" className="text-lg font-semibold">
          Vendor members
        </h2>
        <ul>
          {members.rows.map((member) => (
            <li
              key={member.id}
              // A long address wraps, and Remove goes under it on a phone.
              className="flex flex-wrap items-center gap-x-3 gap-y-1 wrap-anywhere"
            >
              <span className="min-w-0">
                {member.email} · {member.vendorName} · {member.grantedVia}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-member" />
                <input type="hidden" name="id" value={member.id} />
                <Button type="submit" size="sm" variant="outline">
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <TablePager
          label="Vendor members"
          table={VENDOR_MEMBERS_LIST}
          query={members.query}
          total={members.total}
        />
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="grant-member" />
          <div className="grid gap-1">
            <Label htmlFor="grant-vendor">Vendor</Label>
            <select id="grant-vendor" name="vendorId" className="rounded border p-2">
              {vendorOptions.map((vendor) => (
                <option key={vendor.id} value={vendor.id}>
                  {vendor.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="grant-email">Account e-mail</Label>
            <Input id="grant-email" name="email" type="email" required maxLength={320} />
          </div>
          <Button type="submit">Grant vendor access</Button>
        </Form>
      </section>
    </section>
  );
}
