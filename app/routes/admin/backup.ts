import { adminGuard, adminOf } from "~/.server/http/admin-guard.server";
import { backupFileName, createBackup } from "~/.server/services/backup.server";

import type { Route } from "./+types/backup";
import { appOf } from "~/.server/platform/context.server";

// A resource route outside the admin layout: it runs the same guard itself.
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

/** Backup Database: one JSON file holding every product table, downloaded by an admin. */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const backup = await createBackup(appOf(context).db);
  appOf(context).logger.info({ admin: admin.email }, "database backup downloaded");
  return new Response(JSON.stringify(backup), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${backupFileName()}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
