import PgBoss from "pg-boss";

import type { AppContext } from "./context.server";
import type { DatabaseHandle } from "../db/client";

/** Runs an admin asked for, executed by whichever instance's worker takes the job. */
export const SCRAPE_RUN_QUEUE = "scrape-run";
/** Add-shop detections and previews (shop-preview-job.server.ts). */
export const SHOP_PREVIEW_QUEUE = "shop-preview";
/** Every other read of a shop a request asks for (shop-read-job.server.ts). */
export const SHOP_READ_QUEUE = "shop-read";
/** pg-boss's default of 15 minutes would expire a long run over many polite pages. */
export const RUN_QUEUE_OPTIONS = { expireInHours: 4, retryLimit: 0 };
/** The queues a request sends to, whichever instance works them. */
const SENT_QUEUES = [SCRAPE_RUN_QUEUE, SHOP_PREVIEW_QUEUE, SHOP_READ_QUEUE];

type QueueContext = Pick<AppContext, "database" | "logger">;

/**
 * One pg-boss per database: the worker's when this instance runs jobs, otherwise a send-only
 * one (no supervision, no schedule), so an instance with JOBS_ENABLED=false still queues the
 * admin's runs and previews for any instance that works the queue.
 */
const queues = new WeakMap<DatabaseHandle, Promise<PgBoss>>();

async function createQueues(boss: PgBoss): Promise<void> {
  for (const name of SENT_QUEUES) await boss.createQueue(name, { name, ...RUN_QUEUE_OPTIONS });
}

export function queueFor(app: QueueContext): Promise<PgBoss> {
  let queue = queues.get(app.database);
  if (!queue) {
    queue = (async () => {
      const boss = new PgBoss({
        db: { executeSql: (text, values) => app.database.executeSql(text, values) },
        supervise: false,
        schedule: false,
      });
      boss.on("error", (error) => app.logger.error({ err: error }, "job queue error"));
      await boss.start();
      await createQueues(boss);
      return boss;
    })();
    queues.set(app.database, queue);
  }
  return queue;
}

/** The worker's pg-boss sends this instance's jobs from now on. */
export async function sendThroughWorkerQueue(app: QueueContext, boss: PgBoss): Promise<void> {
  queues.set(app.database, Promise.resolve(boss));
  await createQueues(boss);
}

export function forgetQueue(app: QueueContext): void {
  queues.delete(app.database);
}
