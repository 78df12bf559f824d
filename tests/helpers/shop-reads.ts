import { and, asc, eq } from "drizzle-orm";

import * as t from "~/.server/db/schema";
import type { AppContext } from "~/.server/platform/context.server";
import { executeShopRead } from "~/.server/jobs/shop-read-job.server";
import type { ShopReadKind } from "~/lib/shop-reads";

/**
 * The background shop reads a request queued (issue 37 Must 2). Test servers run no job
 * worker, so a test does the worker's part: it finds the queued read and executes it.
 */
export async function queuedShopReads(app: Pick<AppContext, "db">, kind: ShopReadKind) {
  const rows = await app.db
    .select({ id: t.shopReads.id })
    .from(t.shopReads)
    .where(and(eq(t.shopReads.kind, kind), eq(t.shopReads.status, "queued")))
    .orderBy(asc(t.shopReads.createdAt));
  return rows.map((row) => row.id);
}

/** Executes every queued read of `kind`, as a worker would; answers how many it executed. */
export async function runQueuedShopReads(
  app: Parameters<typeof executeShopRead>[0],
  kind: ShopReadKind,
): Promise<number> {
  const ids = await queuedShopReads(app, kind);
  for (const id of ids) await executeShopRead(app, id);
  return ids.length;
}

/**
 * Waits (on state: the read's row) until a page queued a read of `kind`, then executes it as
 * the worker would: for browser tests, where a click queues it.
 */
export async function runNextShopRead(
  app: Parameters<typeof executeShopRead>[0],
  kind: ShopReadKind,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [id] = await queuedShopReads(app, kind);
    if (id) {
      await executeShopRead(app, id);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} read was queued`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
