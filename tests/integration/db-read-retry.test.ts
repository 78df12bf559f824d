import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "~/.server/db/client";

import { testDatabaseEnv } from "../helpers/database";

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)("a PostgreSQL connection killed under a statement", () => {
  let database: Awaited<ReturnType<typeof testDatabaseEnv>>;
  let handle: DatabaseHandle;
  const admin = new pg.Client({ connectionString: postgresUrl });

  beforeAll(async () => {
    database = await testDatabaseEnv();
    handle = await openDatabase({ url: database.env.DATABASE_URL, onConnectionError: () => {} });
    await admin.connect();
  });
  afterAll(async () => {
    await handle?.close();
    await admin.end();
    await database?.drop();
  });

  /** Ends the backend running a statement that contains `marker`, once it runs. */
  async function killWhenRunning(marker: string): Promise<void> {
    const name = new URL(database.env.DATABASE_URL!).pathname.slice(1);
    for (;;) {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
         where datname = $1 and state = 'active' and query like $2 and pid <> pg_backend_pid()`,
        [name, `%${marker}%`],
      );
      if (rows.some((row) => row.ended)) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("answers a read anyway: it is run again on a new connection", async () => {
    // A drizzle query runs once something calls then(): start it now, await it later.
    const read = handle.db
      .execute(sql`select pg_sleep(0.5), 42 as answer -- read-marker`)
      .then((result) => result as unknown as { rows: { answer: number }[] });
    await killWhenRunning("read-marker");
    expect((await read).rows[0]!.answer).toBe(42);
  });

  it("fails a write rather than run it twice", async () => {
    await handle.db.execute(sql`create table if not exists retry_probe (n int)`);
    const write = handle.db.execute(
      sql`insert into retry_probe select 1 from pg_sleep(0.5) -- write-marker`,
    );
    const failed = expect(write).rejects.toThrow();
    await killWhenRunning("write-marker");
    await failed;
    const { rows } = await handle.executeSql("select count(*)::int as n from retry_probe", []);
    expect(rows[0]!.n).toBe(0);
  });
});
