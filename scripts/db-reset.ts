import { sql } from "drizzle-orm";

import { installDefaults, installDemoData } from "~/.server/seed/demo.server";

import { runWithApp } from "./cli";

await runWithApp("db:reset", async (app) => {
  await app.db.execute(sql.raw(`drop schema if exists "public" cascade`));
  await app.db.execute(sql.raw(`drop schema if exists "drizzle" cascade`));
  await app.db.execute(sql.raw(`create schema "public"`));
  await app.database.migrate();
  await installDefaults(app.db);
  if (app.env.SEED_DEMO) await installDemoData(app.db, app.auth, { baseUrl: app.baseUrl });
  console.log(`Database reset${app.env.SEED_DEMO ? " with demo data" : ""}.`);
});
