import type PgBoss from "pg-boss";

import type { AppContext } from "../platform/context.server";
import { queueFor, SHOP_PREVIEW_QUEUE } from "../platform/job-queue.server";
import {
  DEAD_RUN_AFTER_MS,
  INSTANCE_ID,
  isInstanceGone,
  LOST_QUEUED_RUN_AFTER_MS,
} from "./run-recovery.server";
import {
  claimShopPreview,
  createShopPreview,
  finishShopPreview,
  getRunningShopPreviewOwners,
  getShopPreview,
  type ShopPreviewRecord,
} from "../data/shop-previews.server";
import { readShopPreview } from "../scraper/shop-preview.server";

/**
 * Add-shop detection and preview as a background job (issue 31 Must 6, issue 37 Must 2): the
 * admin's request records and queues it and answers at once; whichever instance works the
 * queue reads the shop. A preview whose worker died is ended by the same rules as a run.
 */

export const PREVIEW_END_REASONS = {
  crashed: "The server reading the shop stopped before the preview was done. Detect again.",
  lostJob: "No worker took up the preview within an hour. Detect again.",
} as const;

type JobContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger">;
type QueueContext = JobContext & Pick<AppContext, "database">;

/** Records a preview of `address` and queues it; answers its id without reading the shop. */
export async function enqueueShopPreview(
  app: QueueContext,
  request: { address: string; requestedBy: string },
): Promise<string> {
  const id = await createShopPreview(app.db, request);
  const boss = await queueFor(app);
  await boss.send(SHOP_PREVIEW_QUEUE, { previewId: id });
  return id;
}

/** Executes a queued preview; false when another worker already took it. */
export async function executeShopPreview(app: JobContext, previewId: string): Promise<boolean> {
  if (!(await claimShopPreview(app.db, previewId, INSTANCE_ID))) return false;
  const preview = await getShopPreview(app.db, previewId);
  if (!preview) return false;
  try {
    await readShopPreview(app, preview);
  } catch (error) {
    app.logger.error({ err: error, previewId }, "shop preview failed");
    const reason = error instanceof Error ? error.message : String(error);
    await finishShopPreview(app.db, previewId, {
      ok: false,
      message: `Reading the shop failed: ${reason}`,
    });
  }
  return true;
}

/**
 * Works the preview queue. First, as for runs: a preview this instance's predecessor left
 * running is over, and says so.
 */
export async function workShopPreviews(
  boss: PgBoss,
  app: JobContext & { database: Pick<AppContext["database"], "kind"> },
): Promise<void> {
  const running = await getRunningShopPreviewOwners(app.db);
  for (const preview of running)
    if (isInstanceGone(preview.ownerInstanceId, { databaseKind: app.database.kind }))
      await finishShopPreview(app.db, preview.id, {
        ok: false,
        message: PREVIEW_END_REASONS.crashed,
      });
  await boss.work<{ previewId: string }>(
    SHOP_PREVIEW_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      await executeShopPreview(app, job.data.previewId);
    },
  );
}

/**
 * The preview as the page shows it: one whose worker fell silent past the heartbeat's limit,
 * or that no worker took up, is ended here with the reason.
 */
export async function currentShopPreview(
  app: Pick<AppContext, "db">,
  previewId: string,
  now = Date.now(),
): Promise<ShopPreviewRecord | null> {
  const preview = await getShopPreview(app.db, previewId);
  if (!preview) return null;
  const heartbeat = preview.lastHeartbeatAt?.getTime() ?? preview.createdAt.getTime();
  const reason =
    preview.status === "running" && now - heartbeat > DEAD_RUN_AFTER_MS
      ? PREVIEW_END_REASONS.crashed
      : preview.status === "queued" && now - preview.createdAt.getTime() > LOST_QUEUED_RUN_AFTER_MS
        ? PREVIEW_END_REASONS.lostJob
        : null;
  if (!reason) return preview;
  await finishShopPreview(app.db, previewId, { ok: false, message: reason });
  return getShopPreview(app.db, previewId);
}
