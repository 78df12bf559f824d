import type PgBoss from "pg-boss";

import type { AppContext } from "../platform/context.server";
import { purgeTrash } from "../services/trash-actions.server";

export const PURGE_TRASH_QUEUE = "purge-trash";
/** Once a day, at a quiet hour (UTC). */
const DAILY = "30 3 * * *";

type JobContext = Pick<AppContext, "db" | "env" | "logger">;

/**
 * Registers the daily purge of trash older than 30 days, with the stored files only it named:
 * one run a day across every instance.
 */
export async function schedulePurgeTrash(boss: PgBoss, app: JobContext): Promise<void> {
  await boss.createQueue(PURGE_TRASH_QUEUE);
  await boss.schedule(PURGE_TRASH_QUEUE, DAILY);
  await boss.work(PURGE_TRASH_QUEUE, async () => {
    const purged = await purgeTrash(app, new Date());
    app.logger.info({ purged }, "expired trash purged");
  });
}
