import { installDefaults, installDemoData } from "~/.server/seed/demo.server";

import { runWithApp } from "./cli";

await runWithApp("db:seed", async (app) => {
  await app.database.migrate();
  await installDefaults(app.db);
  const installed = await installDemoData(app.db, app.auth, { baseUrl: app.baseUrl });
  console.log(
    installed
      ? "Demo data installed."
      : "Nothing to do: the demo data (or another catalogue) is already there. Use npm run db:reset to start over.",
  );
});
