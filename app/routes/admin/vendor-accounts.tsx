import { Form } from "react-router";

import { adminOf } from "~/.server/http/admin-guard.server";
import { appOf } from "~/.server/platform/context.server";
import { TablePager } from "~/components/admin/table-pager";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
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

export default function AdminVendorAccounts({ loaderData }: Route.ComponentProps) {
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
        {held.total === 0 ? <p>No submission waits.</p> : null}
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className="text-left">Offer</th>
              <th className="text-left">Vendor says</th>
              <th className="text-left">Storefront shows</th>
              <th className="text-left">Live now</th>
              <th className="text-left">Why held</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {held.rows.map((row) => (
              <tr key={row.id} data-testid="held-submission">
                <td>
                  {row.vendorName}: {row.peptideName}{" "}
                  {formatSize(row.quantity, row.unit, row.unitLabel)}
                </td>
                <td>
                  {row.price} {row.currency} · {row.stockStatus}
                </td>
                <td>
                  {row.storefrontPrice ?? "—"} · {row.storefrontStock ?? "—"}
                </td>
                <td>
                  {row.currentPrice ?? "—"} · {row.currentStock ?? "—"}
                </td>
                <td>{row.reason}</td>
                <td className="flex gap-2">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
            <li key={member.id} className="flex items-center gap-3">
              {member.email} · {member.vendorName} · {member.grantedVia}
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
