import http from "node:http";

import { inject } from "vitest";

let ready: Promise<void> | undefined;

/**
 * Resolves once the run's production build (tests/setup/build-once.ts) is in place, or rejects
 * with why it could not be made. The build runs beside the first test files, so whatever loads
 * or serves it waits here first; asked once per worker. node:http rather than fetch: fetch
 * gives up after 300 s without headers, and on a loaded machine the build may take longer
 * (the hook's own timeout still catches a hang).
 */
export function testBuildReady(): Promise<void> {
  ready ??= new Promise<void>((resolve, reject) => {
    http
      .get(inject("testBuildReadyUrl"), (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          response.statusCode === 200 ? resolve() : reject(new Error(text)),
        );
      })
      .on("error", reject);
  });
  return ready;
}
