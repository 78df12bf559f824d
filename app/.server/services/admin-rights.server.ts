/**
 * An admin's changes to accounts: granting and removing admin rights (the change and its audit
 * entry commit together, so a right granted is never missing from the log) and sending a
 * password reset. Public pages show neither: no cache to empty.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import { grantAdmin, revokeAdmin } from "../data/admin-users.server";
import { commitAudited, type Audit } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type AccountsApp = Pick<AppContext, "db" | "auth">;
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

/**
 * Sends `account` a password reset link, then records that it went. The e-mail and its token
 * are the auth library's own writes, on its own connection: they cannot join a transaction, and
 * a sent e-mail cannot be taken back, so the entry is committed once the link is on its way
 * (a failed send throws and records nothing).
 */
export async function sendPasswordReset(
  app: AccountsApp,
  admin: Admin,
  account: Account,
): Promise<void> {
  await app.auth.api.requestPasswordReset({
    body: { email: account.email, redirectTo: "/reset-password" },
  });
  await commitAudited(app, admin, async (_tx, audit) =>
    audit({
      action: "send",
      entity: "password_reset",
      entityId: account.id,
      name: account.email,
      details: { email: account.email },
    }),
  );
}
