import type { ChildProcess } from "node:child_process";

import { afterEach } from "vitest";

/**
 * Processes a test file starts, stopped after every test whatever happened in it: an assertion
 * that fails (or a timeout) between spawn and the test's own kill must not leave a server.js
 * running after the test run.
 */
const running = new Set<ChildProcess>();

/** Registers a spawned child to be stopped after the current test; returns it. */
export function stoppedAfterTest<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

async function stopAll(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGKILL");
        await exited;
      }
      running.delete(child);
    }),
  );
}

/** Called once per file that spawns processes (at module level). */
export function stopChildProcessesAfterEachTest(): void {
  afterEach(stopAll);
}
