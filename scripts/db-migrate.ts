import { runWithApp } from "./cli";

await runWithApp("db:migrate", async (app) => {
  await app.database.migrate();
  console.log(`Migrations applied (${app.database.kind}).`);
});
