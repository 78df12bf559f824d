import { createAppContext } from "~/.server/app-context.server";
import { type AppContext } from "~/.server/platform/context.server";
import { EnvError, parseEnv } from "~/.server/platform/env";
import { DataDirBusyError } from "~/.server/db/lock.server";

/**
 * Runs a command-line task against the configured database. The embedded database is
 * locked while the task runs, and a running server makes the task stop with a clear message.
 */
export async function runWithApp(name: string, task: (app: AppContext) => Promise<void>) {
  let app: AppContext | undefined;
  try {
    const env = parseEnv({ LOG_LEVEL: "warn", ...process.env });
    app = await createAppContext({ env, lockHolder: `npm run ${name}` });
    await task(app);
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirBusyError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  } finally {
    await app?.close();
  }
}
