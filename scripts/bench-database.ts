/** What the read-model benches share: a database that counts its SQL statements, and the median. */
import { openDatabase } from "~/.server/db/client";

/** The middle timing of a run (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A migrated PGlite database in memory whose SQL statements are counted: the bench resets
 * `counter.queries` before the read it measures and reads it after.
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
