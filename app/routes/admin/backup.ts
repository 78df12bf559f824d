import { requireAdmin } from "~/.server/auth.server";
import { backupFileName, createBackup } from "~/.server/backup.server";

import type { Route } from "./+types/backup";

/** Backup Database: one JSON file holding every product table, downloaded by an admin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.app, request);
  const backup = await createBackup(context.app.db);
  context.app.logger.info({ admin: admin.email }, "database backup downloaded");
  return new Response(JSON.stringify(backup), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${backupFileName()}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
