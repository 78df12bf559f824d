import type { ShopReadKind } from "~/lib/shop-reads";

import type { AppContext } from "../platform/context.server";
import { createShopRead } from "../data/shop-reads.server";
import { queueFor, SHOP_READ_QUEUE } from "../platform/job-queue.server";

/**
 * Records a read of a shop and queues it; answers its id without reading anything (issue 37
 * Must 2: no shop read runs inside an HTTP request). shop-read-job.server.ts does the read.
 */
export async function enqueueShopRead(
  app: Pick<AppContext, "db" | "database" | "logger">,
  read: { kind: ShopReadKind; subject: string; input: unknown },
): Promise<string> {
  const id = await createShopRead(app.db, read);
  const boss = await queueFor(app);
  await boss.send(SHOP_READ_QUEUE, { readId: id });
  return id;
}
