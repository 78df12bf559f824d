import { inject } from "vitest";

let ready: Promise<void> | undefined;

/**
 * Resolves once the run's production build (tests/setup/build-once.ts) is in place, or rejects
 * with why it could not be made. The build runs beside the first test files, so whatever loads
 * or serves it waits here first; asked once per worker.
 */
export function testBuildReady(): Promise<void> {
  ready ??= fetch(inject("testBuildReadyUrl")).then(async (response) => {
    if (!response.ok) throw new Error(await response.text());
  });
  return ready;
}
