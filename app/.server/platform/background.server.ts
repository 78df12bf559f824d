import type { Logger } from "pino";

/**
 * Work a request starts but does not wait for (e.g. the password-reset mail, so the answer
 * takes the same time whether the account exists or not). Failures are logged; `drain()`
 * lets a shutdown finish what is under way before the database closes.
 */
export interface BackgroundTasks {
  run: (task: Promise<unknown>) => void;
  drain: () => Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(task) {
      const tracked = task
        .catch((error: unknown) => logger.error({ err: error }, "background task failed"))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
