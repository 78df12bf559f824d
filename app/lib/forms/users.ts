/**
 * The admin users page's forms (add an admin; per-row admin toggle, password reset, removal) and
 * its table in the URL. One zod schema for every intent, shared by the page and its action.
 */
import { z } from "./zod";

import { defineTableQuery } from "~/lib/table-query";
import { tooLongMessage } from "~/lib/text-limits";

export const USER_MESSAGES = {
  adminGranted: "Admin status granted",
  adminRemoved: "Admin status removed",
  adminToggleFailed: "Failed to update admin status",
  resetSent: "Password reset email sent",
  resetFailed: "Failed to send password reset email",
  userUpdated: "User updated",
  userPrivilegesRemoved: "User admin privileges have been removed",
  userUpdateFailed: "Failed to update user. You may not have sufficient privileges.",
  userNotFound: "User not found",
  invalidEmailTitle: "Invalid email",
  invalidEmail: "Please enter a valid email address",
  accountRequired: "The user must already have an account",
  alreadyAdminTitle: "Already an admin",
  alreadyAdmin: "This user is already an admin",
  addAdminFailed: "Failed to add admin",
  adminAdded: "Admin added",
} as const;

/** RFC 5321's limit on an address. */
export const EMAIL_MAX = 254;

/** better-auth's ids are short opaque strings; anything longer names no account. */
export const USER_ID_MAX = 64;

const userId = z
  .string({ error: USER_MESSAGES.userNotFound })
  .trim()
  .min(1, USER_MESSAGES.userNotFound)
  .max(USER_ID_MAX, USER_MESSAGES.userNotFound);

export const addAdminSchema = z.object({
  email: z
    .string({ error: USER_MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .min(1, USER_MESSAGES.invalidEmail)
    .max(EMAIL_MAX, tooLongMessage("Email", EMAIL_MAX))
    .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), USER_MESSAGES.invalidEmail),
});

export const usersActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("toggle-admin"), userId }),
    z.object({ intent: z.literal("reset-password"), userId }),
    z.object({ intent: z.literal("remove-admin"), userId }),
    addAdminSchema.extend({ intent: z.literal("add-admin") }),
  ],
  { error: "Unknown action" },
);

export type UsersAction = z.infer<typeof usersActionSchema>;

/** The users page's table in the URL: `?q=&sort=&dir=&page=` (server-side search, sort, paging). */
export const USERS_TABLE = defineTableQuery({
  id: "users",
  sorts: ["createdAt", "email", "deals", "lastLogin"],
  defaultSort: "createdAt",
  defaultDir: "desc",
  pageSize: 25,
});
