import { afterAll, beforeAll } from "vitest";

import type { DatabaseHandle } from "~/.server/db/client";

import { openCountingDatabase } from "./counting-database";

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
  let counting: Awaited<ReturnType<typeof openCountingDatabase>> | undefined;
  beforeAll(async () => {
    counting = await openCountingDatabase();
  });
  afterAll(async () => {
    await counting?.handle.close();
  });
  return {
    get handle() {
      return counting!.handle;
    },
    measure: async (run) => {
      counting!.counter.queries = 0;
      await run();
      return counting!.counter.queries;
    },
  };
}
