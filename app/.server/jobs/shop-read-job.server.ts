import type PgBoss from "pg-boss";

import type { ShopReadKind, ShopReadOutcome, ShopReadView } from "~/lib/shop-reads";

import type { AppContext } from "../platform/context.server";
import {
  beatShopRead,
  claimShopRead,
  finishShopRead,
  getAbandonedShopReads,
  getRunningShopReads,
  getShopRead,
  type ShopReadRecord,
} from "../data/shop-reads.server";
import { SHOP_READ_QUEUE } from "../platform/job-queue.server";
import {
  DEAD_RUN_AFTER_MS,
  HEARTBEAT_INTERVAL_MS,
  INSTANCE_ID,
  isInstanceGone,
  LOST_QUEUED_RUN_AFTER_MS,
} from "./run-recovery.server";
import { readSelectorTest } from "../scraper/selector-test.server";
import { checkClaimOnShop } from "../services/vendor-claims.server";
import {
  holdUnverifiedSubmissions,
  verifyPendingSubmissions,
} from "../services/vendor-submissions.server";
import { recordAbandonedRecheck, runQueuedRecheck } from "../services/offer-reports.server";
import { recheckOffer } from "../scraper/recheck-offer.server";

/**
 * The shop reads a request asks for, done as background jobs (issue 37 Must 2): the admin's
 * "Test selectors", a vendor claim's meta tag or file check, the vendor API's storefront
 * verification and a report's "Re-check now". The request queues the read
 * (shop-read-queue.server.ts) and answers at once; whichever instance works the queue reads
 * the shop through the polite fetcher and stores the outcome. A read whose worker died ends
 * by the same rules as a run or a preview, so nothing stays pending for ever.
 */

type JobContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache">;

interface ShopReadHandler {
  read: (app: JobContext, input: never) => Promise<ShopReadOutcome>;
  /** What the read leaves behind when it ends without being done (a crash, a lost job). */
  abandoned?: (app: JobContext, input: never, reason: string) => Promise<void>;
}

const HANDLERS: Record<ShopReadKind, ShopReadHandler> = {
  "selector-test": { read: readSelectorTest },
  "vendor-claim": { read: checkClaimOnShop },
  "vendor-offers": { read: verifyPendingSubmissions, abandoned: holdUnverifiedSubmissions },
  "offer-recheck": {
    read: (app, input) => runQueuedRecheck(app, input, recheckOffer),
    abandoned: recordAbandonedRecheck,
  },
};

export const SHOP_READ_END_REASONS = {
  crashed: "The server reading the shop stopped before the read was done. Try again.",
  lostJob: "No worker took up the read of the shop within an hour. Try again.",
} as const;

/** Ends a read that will not be done, and lets its kind settle what it left pending. */
async function endAbandoned(app: JobContext, read: ShopReadRecord, reason: string) {
  if (!(await finishShopRead(app.db, read.id, { ok: false, message: reason }))) return;
  await HANDLERS[read.kind].abandoned?.(app, read.input as never, reason);
}

/** Executes a queued read; false when another worker already took it. */
export async function executeShopRead(app: JobContext, readId: string): Promise<boolean> {
  if (!(await claimShopRead(app.db, readId, INSTANCE_ID))) return false;
  const read = await getShopRead(app.db, readId);
  if (!read) return false;
  const heartbeat = setInterval(() => {
    beatShopRead(app.db, readId).catch((error: unknown) =>
      app.logger.warn({ err: error, readId }, "shop read heartbeat failed"),
    );
  }, HEARTBEAT_INTERVAL_MS);
  heartbeat.unref();
  try {
    const outcome = await HANDLERS[read.kind].read(app, read.input as never);
    await finishShopRead(app.db, readId, outcome);
  } catch (error) {
    app.logger.error({ err: error, readId, kind: read.kind }, "shop read failed");
    const reason = error instanceof Error ? error.message : String(error);
    await endAbandoned(app, read, `Reading the shop failed: ${reason.slice(0, 300)}`);
  } finally {
    clearInterval(heartbeat);
  }
  return true;
}

/** Works the queue; first, a read this instance's predecessor left running is over. */
export async function workShopReads(
  boss: PgBoss,
  app: JobContext & { database: Pick<AppContext["database"], "kind"> },
): Promise<void> {
  for (const running of await getRunningShopReads(app.db)) {
    if (!isInstanceGone(running.ownerInstanceId, { databaseKind: app.database.kind })) continue;
    const read = await getShopRead(app.db, running.id);
    if (read) await endAbandoned(app, read, SHOP_READ_END_REASONS.crashed);
  }
  await boss.work<{ readId: string }>(
    SHOP_READ_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      await executeShopRead(app, job.data.readId);
    },
  );
}

/**
 * Ends every read whose worker fell silent past the heartbeat's limit, or that no worker took
 * up within an hour; the pages that show reads call it before reading them.
 */
export async function endAbandonedShopReads(app: JobContext, now = Date.now()): Promise<void> {
  const abandoned = await getAbandonedShopReads(app.db, {
    runningBefore: new Date(now - DEAD_RUN_AFTER_MS),
    queuedBefore: new Date(now - LOST_QUEUED_RUN_AFTER_MS),
  });
  for (const { id, status } of abandoned) {
    const read = await getShopRead(app.db, id);
    const reason =
      status === "running" ? SHOP_READ_END_REASONS.crashed : SHOP_READ_END_REASONS.lostJob;
    if (read) await endAbandoned(app, read, reason);
  }
}

/** One read as the page polling it shows it, ended first when it was abandoned. */
export async function currentShopRead(
  app: JobContext,
  readId: string,
): Promise<ShopReadView | null> {
  await endAbandonedShopReads(app);
  const read = await getShopRead(app.db, readId);
  if (!read) return null;
  return {
    id: read.id,
    kind: read.kind,
    status: read.status,
    message: read.message,
    result: read.result,
  };
}
