/**
 * npm run admin:grant -- EMAIL
 * Gives an existing account admin rights: a row in admin_users linked to its real user id.
 */
import { eq } from "drizzle-orm";

import { adminUsers } from "~/.server/db/schema";
import { grantAdminByEmail } from "~/.server/data/admin-users.server";

import { runWithApp } from "./cli";

const email = process.argv[2]?.trim().toLowerCase();

if (!email || !email.includes("@")) {
  console.error("Usage: npm run admin:grant -- EMAIL");
  process.exitCode = 1;
} else {
  await runWithApp("admin:grant", async (app) => {
    await app.database.migrate();
    const before = await app.db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.email, email));
    const missing = await grantAdminByEmail(app.db, [email], { verifiedOnly: false });
    if (missing.length > 0) {
      console.error(`No account with the e-mail ${email}. Sign up first, then run this again.`);
      process.exitCode = 1;
      return;
    }
    console.log(
      before.length > 0
        ? `${email} was already an admin; nothing changed.`
        : `${email} is now an admin.`,
    );
  });
}
