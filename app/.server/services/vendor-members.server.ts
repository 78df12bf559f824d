/**
 * An admin granting or removing a vendor account's access: the membership and its audit entry
 * commit together (no page shows it, so the page cache stays). The admin handler parses the
 * form and turns the outcome into its answer.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import {
  addVendorMember,
  removeVendorMember,
  type VendorRecord,
} from "../data/vendor-accounts.server";
import { commitAudited } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db">;

/** Makes `account` a member of `vendor`; false: it already speaks for a vendor. */
export async function grantVendorMember(
  app: App,
  admin: Admin,
  vendor: Pick<VendorRecord, "id" | "name">,
  account: Pick<SessionUser, "id" | "email">,
): Promise<boolean> {
  return commitAudited(app, admin, async (tx, audit) => {
    const added = await addVendorMember(tx, {
      vendorId: vendor.id,
      userId: account.id,
      via: "admin",
      grantedBy: admin.id,
    });
    if (added) {
      audit({
        action: "grant",
        entity: "vendor_member",
        entityId: vendor.id,
        name: vendor.name,
        details: { via: "admin", email: account.email },
      });
    }
    return added;
  });
}

/** Removes the membership `id`; false: there is none. */
export async function revokeVendorMember(app: App, admin: Admin, id: string): Promise<boolean> {
  return commitAudited(app, admin, async (tx, audit) => {
    const removed = await removeVendorMember(tx, id);
    if (removed) audit({ action: "revoke", entity: "vendor_member", entityId: id });
    return removed;
  });
}
