/**
 * Granting and removing admin rights: the change and its audit entry commit together (a right
 * granted is never missing from the log). Public pages do not show admins: no cache to empty.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import { grantAdmin, revokeAdmin } from "../data/admin-users.server";
import { commitAudited, type Audit } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type Account = { id: string; email: string };

function auditRights(audit: Audit, account: Account, isAdmin: boolean) {
  audit({
    action: isAdmin ? "grant" : "revoke",
    entity: "admin_users",
    entityId: account.id,
    name: account.email,
    before: { isAdmin: !isAdmin },
    after: { isAdmin },
  });
}

/** Gives `account` admin rights; false when it had them already. */
export async function grantAdminRights(
  app: Pick<AppContext, "db">,
  admin: Admin,
  account: Account,
): Promise<boolean> {
  return commitAudited(app, admin, async (tx, audit) => {
    const granted = await grantAdmin(tx, {
      userId: account.id,
      email: account.email,
      addedBy: admin.id,
    });
    if (granted) auditRights(audit, account, true);
    return granted;
  });
}

/**
 * Removes `account`'s admin rights; false when it had none. Throws LastAdminError (nothing
 * changed) for the last admin.
 */
export async function revokeAdminRights(
  app: Pick<AppContext, "db">,
  admin: Admin,
  account: Account,
): Promise<boolean> {
  return commitAudited(app, admin, async (tx, audit) => {
    const revoked = await revokeAdmin(tx, account.id);
    if (revoked) auditRights(audit, account, false);
    return revoked;
  });
}
