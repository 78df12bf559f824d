import { sql } from "drizzle-orm";

import { installDefaults, installDemoData } from "~/.server/seed/demo.server";

import { runWithApp } from "./cli";

await runWithApp("db:reset", async (app) => {
  const schema = app.env.DATABASE_SCHEMA ?? "public";
  await app.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
  await app.db.execute(sql.raw(`drop schema if exists "drizzle" cascade`));
  await app.db.execute(sql.raw(`create schema "${schema}"`));
  await app.database.migrate();
  await installDefaults(app.db);
  if (app.env.SEED_DEMO) await installDemoData(app.db, app.auth, { baseUrl: app.baseUrl });
  console.log(`Database reset${app.env.SEED_DEMO ? " with demo data" : ""}.`);
});
