/**
 * A process a test starts is stopped after that test even when the test does not stop it
 * itself (an assertion failed first): the next test finds it gone.
 */
import { spawn } from "node:child_process";

import { describe, expect, it } from "vitest";

import { stoppedAfterTest, stopChildProcessesAfterEachTest } from "../helpers/child-processes";

stopChildProcessesAfterEachTest();

let pid: number | undefined;

function isRunning(id: number): boolean {
  try {
    process.kill(id, 0);
    return true;
  } catch {
    return false;
  }
}

describe("processes started by tests", () => {
  it("a test leaves a long-running child behind, as a failed assertion would", () => {
    const child = stoppedAfterTest(spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]));
    pid = child.pid;
    expect(pid).toBeDefined();
    expect(isRunning(pid!)).toBe(true);
  });

  it("finds it stopped by the time the next test runs", () => {
    expect(isRunning(pid!)).toBe(false);
  });
});
