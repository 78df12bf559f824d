import { afterAll, beforeAll } from "vitest";

import { openDatabase, type DatabaseHandle } from "~/.server/db/client";

export interface CountingDatabase {
  readonly handle: DatabaseHandle;
  /** How many queries `run` sends to the database. */
  measure: (run: () => Promise<unknown>) => Promise<number>;
}

/**
 * A fresh, migrated in-memory database that counts the queries sent to it, opened and closed by
 * the hooks of the file (or describe block) that calls this, for tests of a page's query budget.
 */
export function startCountingDatabase(): CountingDatabase {
  let handle: DatabaseHandle;
  let queries = 0;
  beforeAll(async () => {
    handle = await openDatabase({
      dataDir: "memory://",
      logger: { logQuery: () => void queries++ },
    });
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    get handle() {
      return handle;
    },
    measure: async (run) => {
      queries = 0;
      await run();
      return queries;
    },
  };
}
