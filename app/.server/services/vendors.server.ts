/**
 * Saving a vendor with its coupon: the vendor, the coupon (SPEC.md §4: a code upserts it, no
 * code deletes it) and the audit entry commit together, then the page cache is emptied. The
 * admin handler parses the form (and stores an uploaded logo first) and turns the outcome into
 * its answer.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import {
  createVendor,
  deleteCouponForVendor,
  getAdminVendor,
  updateVendor,
  upsertCoupon,
} from "../data/vendors.server";
import { commitPublicChange } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db" | "cache">;
type VendorInput = Parameters<typeof createVendor>[1];
type CouponInput = Parameters<typeof upsertCoupon>[2];

/** A row's fields as the audit log records them: the version is no field anyone edits. */
function withoutVersion<T extends { version: string }>({ version: _version, ...fields }: T) {
  return fields;
}

/**
 * Creates a vendor, or updates `edit.id` while it is still at `edit.version`; `coupon` null
 * removes the vendor's coupon. "missing" and "changed" write nothing.
 */
export async function saveVendor(
  app: App,
  admin: Admin,
  input: VendorInput,
  coupon: CouponInput | null,
  edit?: { id: string; version: string },
): Promise<{ saved: string } | "missing" | "changed"> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const before = edit ? await getAdminVendor(tx, edit.id) : null;
    if (edit && !before) return "missing";
    let id: string;
    if (edit) {
      const outcome = await updateVendor(tx, edit.id, edit.version, input);
      if (outcome !== "updated") return outcome;
      id = edit.id;
    } else {
      id = await createVendor(tx, input);
    }
    if (coupon) await upsertCoupon(tx, id, coupon);
    else await deleteCouponForVendor(tx, id);
    audit({
      action: edit ? "update" : "create",
      entity: "vendor",
      entityId: id,
      name: input.name,
      before: before && withoutVersion(before),
      after: withoutVersion((await getAdminVendor(tx, id))!),
    });
    return { saved: id };
  });
}
