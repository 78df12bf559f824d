import fs from "node:fs";

import type { DatabaseHandle } from "~/.server/db/client";

/**
 * A database copied from the run's cached template (tests/setup/database-template.ts) holds the
 * times of the moment the template was seeded, which may be hours ago: the cache outlives a
 * run, and a run under load lasts an hour. The demo's prices were confirmed up to two hours
 * before seeding and go stale three hours after, so an old copy would show a stale catalogue.
 * Every timestamp is moved forward by the template's age: the copy is as fresh as the seed was.
 * A copy younger than YOUNG_TEMPLATE_SECONDS is left as it is: nothing in the demo changes state
 * that soon (the first price goes stale an hour after seeding), and moving every row of every
 * copy costs the suite about a second per app. The run's global setup seeds a cached template
 * again once it is a third of that old (tests/setup/database-template.ts), so copies move only
 * in a run that outlasts it by twenty minutes.
 */
export const YOUNG_TEMPLATE_SECONDS = 30 * 60;

export async function bringTemplateToNow(
  database: Pick<DatabaseHandle, "executeSql">,
  env: { PGLITE_TEMPLATE?: string },
): Promise<void> {
  if (!env.PGLITE_TEMPLATE) return;
  const ageSeconds = Math.floor((Date.now() - fs.statSync(env.PGLITE_TEMPLATE).mtimeMs) / 1000);
  if (ageSeconds < YOUNG_TEMPLATE_SECONDS) return;
  await database.executeSql(
    `DO $$
     DECLARE c record;
     BEGIN
       FOR c IN
         SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = 'public' AND data_type = 'timestamp with time zone'
       LOOP
         EXECUTE format(
           'UPDATE %I SET %I = %I + interval ''${ageSeconds} seconds'' WHERE %I IS NOT NULL',
           c.table_name, c.column_name, c.column_name, c.column_name
         );
       END LOOP;
     END $$`,
    [],
  );
}
