import { openDatabase } from "~/.server/db/client";

/**
 * A fresh, migrated PGlite database in memory that counts the SQL statements sent to it: the
 * caller resets `counter.queries` before what it measures and reads it after. Tests (through
 * `startCountingDatabase`) and the benches share it.
 */
export async function openCountingDatabase() {
  const counter = { queries: 0 };
  const handle = await openDatabase({
    dataDir: "memory://",
    logger: { logQuery: () => void counter.queries++ },
  });
  await handle.migrate();
  return { handle, counter };
}
