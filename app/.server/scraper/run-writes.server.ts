/**
 * A scrape source's writes as one change (issue 36): its scraped data, prices, misses, review
 * rows and its kind's settling are written in one transaction, so the database's change notice
 * empties the instances' page caches once for the source, not once per offer. After the commit
 * this instance's cache is emptied once and the alerts on every offer the source changed are
 * evaluated in one pass (notifyPriceChangesAfter).
 */
import type { AppContext } from "../platform/context.server";
import { notifyPriceChangesAfter } from "../alerts/notify.server";

type WriteContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache">;

export async function writeSourceAsOne<T>(
  app: WriteContext,
  write: (app: WriteContext) => Promise<T>,
): Promise<T> {
  let clearAsked = false;
  // A write's own clear waits for the commit: a page rendered before it would be cached with
  // the old prices.
  const cache = { ...app.cache, clear: () => void (clearAsked = true) };
  return notifyPriceChangesAfter(app, async () => {
    const written = await app.db.transaction((tx) => write({ ...app, db: tx, cache }));
    if (clearAsked) app.cache.clear();
    return written;
  });
}

/**
 * One part of a source's writes that may fail on its own (a listing the database refuses, a
 * feed that cannot be settled): a savepoint, so the failure rolls back only this part and the
 * source's transaction goes on.
 */
export function writePart<T>(
  app: WriteContext,
  write: (app: WriteContext) => Promise<T>,
): Promise<T> {
  return app.db.transaction((tx) => write({ ...app, db: tx }));
}
