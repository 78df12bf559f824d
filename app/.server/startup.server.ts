import { inArray } from "drizzle-orm";

import type { AppContext } from "./context.server";
import { adminUsers, user } from "./db/schema";
import { installDefaults, installDemoData } from "./seed/demo.server";

/** Gives admin rights to existing accounts by e-mail; returns the e-mails that had no account. */
export async function grantAdminByEmail(
  app: Pick<AppContext, "db">,
  emails: string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const accounts = await app.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, emails));
  if (accounts.length > 0) {
    await app.db
      .insert(adminUsers)
      .values(accounts.map((account) => ({ email: account.email, userId: account.id })))
      .onConflictDoNothing({ target: adminUsers.userId });
  }
  const found = new Set(accounts.map((a) => a.email));
  return emails.filter((email) => !found.has(email));
}

/** Migrations, default content, demo data and ADMIN_EMAILS: everything before the first request. */
export async function prepareDatabase(app: AppContext): Promise<void> {
  const { env, logger } = app;
  await app.database.migrate();
  await installDefaults(app.db);
  if (env.SEED_DEMO) {
    const installed = await installDemoData(app.db, app.auth, { baseUrl: app.baseUrl });
    if (installed) logger.info("demo data installed");
  }
  const missing = await grantAdminByEmail(app, env.ADMIN_EMAILS);
  for (const email of missing) {
    logger.warn({ email }, "ADMIN_EMAILS names an e-mail without an account; sign up first");
  }
}
