/**
 * The admin users page's loader data and per-intent handlers. The route checks admin rights
 * before calling either.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import {
  findUserByEmail,
  findUserById,
  getUsersForAdmin,
  LastAdminError,
} from "~/.server/data/admin-users.server";
import {
  grantAdminRights,
  revokeAdminRights,
  sendPasswordReset,
} from "~/.server/services/admin-rights.server";
import type { AdminUserRow } from "~/lib/admin-users";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { failure, type ActionResult } from "~/lib/action-result";
import { fieldFailure } from "~/lib/forms/field-failure";
import { formFields } from "~/lib/forms/form-data";
import { USER_MESSAGES, USERS_TABLE, usersActionSchema, type UsersAction } from "~/lib/forms/users";
import { readTablePage } from "~/lib/table-query";

type Admin = Pick<SessionUser, "id" | "email">;

/** SPEC.md's user toasts have a title and a description. */
type UsersResult = ActionResult & { description?: string };

function success(message: string, description?: string): UsersResult {
  return { ok: true, message, description };
}

export async function loadUsersPage(app: AppContext, admin: Admin, url: URL) {
  const requested = USERS_TABLE.parse(url.searchParams);
  try {
    const { users, total, query } = await readTablePage(requested, (page) =>
      getUsersForAdmin(app.db, {
        query: requested.q,
        sort: requested.sort,
        dir: requested.dir,
        page,
        pageSize: requested.pageSize,
      }),
    );
    return { users, total, query, currentUserId: admin.id, loadFailed: false };
  } catch (error) {
    app.logger.error({ err: error }, "loading users failed");
    return {
      users: [] as AdminUserRow[],
      total: 0,
      query: requested,
      currentUserId: admin.id,
      loadFailed: true,
    };
  }
}

type Target = { id: string; email: string };

async function addAdmin(app: AppContext, admin: Admin, email: string) {
  const account = await findUserByEmail(app.db, email);
  if (!account)
    return fieldFailure("email", USER_MESSAGES.accountRequired, 404, USER_MESSAGES.addAdminFailed);
  try {
    const added = await grantAdminRights(app, admin, account);
    if (!added)
      return fieldFailure(
        "email",
        USER_MESSAGES.alreadyAdmin,
        409,
        USER_MESSAGES.alreadyAdminTitle,
      );
  } catch (error) {
    return writeFailure(app, error, "adding an admin", USER_MESSAGES.addAdminFailed);
  }
  return success(USER_MESSAGES.adminAdded);
}

async function resetPassword(app: AppContext, admin: Admin, target: Target) {
  try {
    await sendPasswordReset(app, admin, target);
  } catch (error) {
    app.logger.error({ err: error }, "password reset e-mail failed");
    return failure(USER_MESSAGES.resetFailed, 500);
  }
  return success(USER_MESSAGES.resetSent);
}

async function toggleAdmin(app: AppContext, admin: Admin, target: Target) {
  try {
    if (await revokeAdminRights(app, admin, target)) return success(USER_MESSAGES.adminRemoved);
    await grantAdminRights(app, admin, target);
    return success(USER_MESSAGES.adminGranted);
  } catch (error) {
    if (error instanceof LastAdminError)
      return failure(error.message, 409, USER_MESSAGES.adminToggleFailed);
    return writeFailure(app, error, "admin toggle", USER_MESSAGES.adminToggleFailed);
  }
}

async function removeAdmin(app: AppContext, admin: Admin, target: Target) {
  try {
    if (!(await revokeAdminRights(app, admin, target)))
      return failure(USER_MESSAGES.userUpdateFailed, 400);
  } catch (error) {
    if (error instanceof LastAdminError) return failure(error.message, 409);
    return writeFailure(app, error, "removing admin rights", USER_MESSAGES.userUpdateFailed);
  }
  return success(USER_MESSAGES.userUpdated, USER_MESSAGES.userPrivilegesRemoved);
}

export async function handleUserAction(app: AppContext, admin: Admin, formData: FormData) {
  const fields = formFields(formData);
  const parsed = usersActionSchema.safeParse(fields);
  if (!parsed.success) {
    if (fields.intent === "add-admin") {
      const message = parsed.error.issues[0]?.message ?? USER_MESSAGES.invalidEmail;
      return fieldFailure("email", message, 400, USER_MESSAGES.invalidEmailTitle);
    }
    return failure(parsed.error.issues[0]?.message ?? "Invalid request", 400);
  }
  const input: UsersAction = parsed.data;
  if (input.intent === "add-admin") return addAdmin(app, admin, input.email);

  const target = await findUserById(app.db, input.userId);
  if (!target) return failure(USER_MESSAGES.userNotFound, 404);
  switch (input.intent) {
    case "reset-password":
      return resetPassword(app, admin, target);
    case "toggle-admin":
      return toggleAdmin(app, admin, target);
    case "remove-admin":
      return removeAdmin(app, admin, target);
  }
}
