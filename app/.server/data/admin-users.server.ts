import { and, count, eq, ilike, sql } from "drizzle-orm";

import { likePattern } from "~/lib/like-pattern";

import type { Database } from "../db/client";
import { adminUsers, savedDeals, user } from "../db/schema";
import type { AdminUserRow } from "~/lib/admin-users";

export type AdminUserSort = "email" | "deals" | "lastLogin" | "createdAt";

/**
 * One page of accounts for the users page, with their saved-deal count and admin flag and the
 * total of matches, in one query. The search matches the e-mail, which holds the username (the
 * part before '@'), in any case. Newest first unless sorted otherwise.
 */
export async function getUsersForAdmin(
  db: Database,
  params: {
    query?: string;
    sort?: AdminUserSort;
    dir?: "asc" | "desc";
    page?: number;
    pageSize?: number;
  } = {},
): Promise<{ users: AdminUserRow[]; total: number }> {
  const dealCounts = db
    .select({ userId: savedDeals.userId, dealsCount: count().as("deals_count") })
    .from(savedDeals)
    .groupBy(savedDeals.userId)
    .as("deal_counts");
  const query = params.query?.trim();
  const pageSize = params.pageSize ?? 50;
  const page = Math.max(1, params.page ?? 1);
  const dealsColumn = sql<number>`coalesce(${dealCounts.dealsCount}, 0)::int`;
  const sortColumn =
    params.sort === "email"
      ? user.email
      : params.sort === "deals"
        ? dealsColumn
        : params.sort === "lastLogin"
          ? user.lastLoginAt
          : user.createdAt;
  const direction = params.dir ?? (params.sort && params.sort !== "createdAt" ? "asc" : "desc");
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      dealsCount: dealsColumn,
      lastLoginAt: user.lastLoginAt,
      isAdmin: sql<boolean>`${adminUsers.id} is not null`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(user)
    .leftJoin(dealCounts, eq(dealCounts.userId, user.id))
    .leftJoin(adminUsers, eq(adminUsers.userId, user.id))
    .where(query ? ilike(user.email, likePattern(query)) : undefined)
    .orderBy(
      direction === "asc" ? sql`${sortColumn} asc nulls last` : sql`${sortColumn} desc nulls last`,
      user.email,
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    users: rows.map(({ total: _total, ...row }) => row),
    total: rows[0]?.total ?? (page > 1 ? await countUsers(db, query) : 0),
  };
}

/** How many accounts match a search (a page past the end has no row to carry the total). */
async function countUsers(db: Database, query: string | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(user)
    .where(query ? ilike(user.email, likePattern(query)) : undefined);
  return row?.total ?? 0;
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, id: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.id, id))
    .limit(1);
  return row ?? null;
}

/** Stamps the account's last sign-in, shown on the users page. */
export async function updateUserLastLogin(db: Database, userId: string): Promise<void> {
  await db.update(user).set({ lastLoginAt: new Date() }).where(eq(user.id, userId));
}

/** Whether the account has admin rights: the server's answer, never the client's. */
export async function isAdminUser(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** The e-mail of every admin account, for the mails the operators get (source health). */
export async function getAdminEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(adminUsers)
    .innerJoin(user, eq(user.id, adminUsers.userId))
    .orderBy(user.email);
  return rows.map((row) => row.email);
}

/** Grants admin rights; returns false when the user already had them. */
export async function grantAdmin(
  db: Database,
  params: { userId: string; email: string; addedBy: string },
): Promise<boolean> {
  const rows = await db
    .insert(adminUsers)
    .values(params)
    .onConflictDoNothing({ target: adminUsers.userId })
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

/**
 * Gives admin rights to the accounts with these e-mails (with `verifiedOnly`, only those whose
 * e-mail is confirmed); returns the e-mails that got nothing because no such account exists.
 */
export async function grantAdminByEmail(
  db: Database,
  emails: string[],
  options: { verifiedOnly: boolean },
): Promise<string[]> {
  if (emails.length === 0) return [];
  const byEmail = sql`lower(${user.email}) in (${sql.join(
    emails.map((email) => sql`${email.trim().toLowerCase()}`),
    sql`, `,
  )})`;
  const accounts = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(options.verifiedOnly ? and(byEmail, eq(user.emailVerified, true)) : byEmail);
  if (accounts.length > 0) {
    await db
      .insert(adminUsers)
      .values(accounts.map((account) => ({ email: account.email, userId: account.id })))
      .onConflictDoNothing({ target: adminUsers.userId });
  }
  const found = new Set(accounts.map((account) => account.email.toLowerCase()));
  return emails.filter((email) => !found.has(email.trim().toLowerCase()));
}

export class LastAdminError extends Error {
  constructor() {
    super("You are the last admin: add another admin before removing your own admin rights");
    this.name = "LastAdminError";
  }
}

/**
 * Removes admin rights; returns false when the user had none. Refuses (LastAdminError) to
 * remove the last admin, so the back office can never lock everyone out.
 */
export async function revokeAdmin(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent removals: two admins removing each other cannot both succeed.
    await tx.execute(sql`lock table ${adminUsers} in share row exclusive mode`);
    const [{ admins }] = (await tx.select({ admins: count() }).from(adminUsers)) as [
      { admins: number },
    ];
    const [target] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.userId, userId));
    if (!target) return false;
    if (admins <= 1) throw new LastAdminError();
    await tx.delete(adminUsers).where(eq(adminUsers.id, target.id));
    return true;
  });
}
