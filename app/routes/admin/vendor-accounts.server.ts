/**
 * The admin's vendor accounts page (issue 33): who speaks for which vendor (an admin can grant
 * it outright), and the vendor submissions held because the storefront disagreed, each with the
 * vendor's value, the storefront's and the live one. The /admin middleware checks admin rights.
 */
import { asc } from "drizzle-orm";
import { data } from "react-router";

import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { findUserByEmail } from "~/.server/data/admin-users.server";
import { getVendorRecord, listVendorMembers } from "~/.server/data/vendor-accounts.server";
import { getHeldSubmissions } from "~/.server/data/vendor-submissions.server";
import { vendors } from "~/.server/db/schema";
import { grantVendorMember, revokeVendorMember } from "~/.server/services/vendor-members.server";
import { decideHeldSubmission } from "~/.server/services/vendor-submissions.server";
import { actionFailure, actionSuccess } from "~/lib/action-result";
import { formFields, invalidForm } from "~/lib/forms/form-data";
import { UNKNOWN_RECORD } from "~/lib/forms/record-ids";
import { vendorAccountsAdminSchema } from "~/lib/forms/vendor-accounts-admin";
import { readTablePage } from "~/lib/table-query";
import { HELD_SUBMISSIONS_LIST, VENDOR_MEMBERS_LIST } from "~/lib/trust/review-lists";

type Admin = Pick<SessionUser, "id" | "email">;

export async function loadVendorAccountsPage(app: AppContext, url: URL) {
  const membersQuery = VENDOR_MEMBERS_LIST.parse(url.searchParams);
  const heldQuery = HELD_SUBMISSIONS_LIST.parse(url.searchParams);
  const [members, held, vendorOptions] = await Promise.all([
    readTablePage(membersQuery, (page) =>
      listVendorMembers(app.db, { page, pageSize: membersQuery.pageSize }),
    ),
    readTablePage(heldQuery, (page) =>
      getHeldSubmissions(app.db, { page, pageSize: heldQuery.pageSize }),
    ),
    app.db.select({ id: vendors.id, name: vendors.name }).from(vendors).orderBy(asc(vendors.name)),
  ]);
  return { members, held, vendorOptions };
}

export async function handleVendorAccountsAction(
  app: AppContext,
  admin: Admin,
  formData: FormData,
) {
  const parsed = vendorAccountsAdminSchema.safeParse(formFields(formData));
  if (!parsed.success) return invalidForm(parsed.error);
  const form = parsed.data;
  switch (form.intent) {
    case "grant-member": {
      const [vendor, account] = await Promise.all([
        getVendorRecord(app.db, form.vendorId),
        findUserByEmail(app.db, form.email),
      ]);
      if (!vendor) return data(actionFailure(UNKNOWN_RECORD), { status: 404 });
      if (!account)
        return data(actionFailure("The user must already have an account"), { status: 400 });
      if (!(await grantVendorMember(app, admin, vendor, account)))
        return data(actionFailure("This account already speaks for a vendor."), { status: 400 });
      return actionSuccess(`${account.email} now manages ${vendor.name}.`);
    }
    case "remove-member": {
      if (!(await revokeVendorMember(app, admin, form.id))) {
        return data(actionFailure(UNKNOWN_RECORD), { status: 404 });
      }
      return actionSuccess("Vendor access removed.");
    }
    case "approve-submission":
    case "reject-submission": {
      const approve = form.intent === "approve-submission";
      if (!(await decideHeldSubmission(app, admin, form.id, approve))) {
        return data(actionFailure(UNKNOWN_RECORD), { status: 404 });
      }
      return actionSuccess(
        approve ? "The vendor's price is live." : "The submission was rejected.",
      );
    }
  }
}
