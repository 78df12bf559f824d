import type { AppContext } from "../platform/context.server";
import { grantAdminByEmail } from "../data/admin-users.server";
import { pointDemoSourcesAt } from "../data/scrape-sources.server";
import { installDefaults, installDemoData, isDemoInstalled } from "../seed/demo.server";

/** Migrations, default content, demo data and ADMIN_EMAILS: everything before the first request. */
export async function prepareDatabase(app: AppContext): Promise<void> {
  const { env, logger } = app;
  await app.database.migrate();
  await installDefaults(app.db);
  if (env.SEED_DEMO) {
    const installed = await installDemoData(app.db, app.auth, { baseUrl: app.baseUrl });
    if (installed) logger.info("demo data installed");
    // The demo sources scrape this site's own /demo-retailer/: after a change of port or
    // BASE_URL they must follow, or every demo scrape fails against the old address.
    else if (await isDemoInstalled(app.db)) await pointDemoSourcesAt(app.db, app.baseUrl);
  }
  // Only confirmed addresses: whoever signs up first with an ADMIN_EMAILS address must prove
  // it is theirs (auth.server.ts grants it when the confirmation link is followed).
  const waiting = await grantAdminByEmail(app.db, env.ADMIN_EMAILS, { verifiedOnly: true });
  for (const email of waiting) {
    logger.warn(
      { email },
      "ADMIN_EMAILS names an e-mail without a confirmed account; it becomes admin once it signs up and confirms its e-mail",
    );
  }
}
