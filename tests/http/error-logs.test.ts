/**
 * Error paths log one structured, capped line (issue 37): a POST to a path no route acts on
 * is a warning naming the method, a capped path and the status — no stack trace, nothing on
 * stderr — and the visitor gets a 4xx.
 */
import { Writable } from "node:stream";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createLogger, MAX_LOGGED_PATH } from "~/.server/platform/logger";

import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  server = await startTestServer({}, { logger: createLogger("info", destination) });
});
afterAll(async () => {
  await server?.close();
});

describe("error logs", () => {
  it("a POST to an unknown path is one capped, structured warning without a stack", async () => {
    const stderr = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      lines.length = 0;
      const path = `/no-such-page/${"a".repeat(5000)}`;
      const response = await server.postForm(path, { anything: "x" });
      await response.arrayBuffer();
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);

      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const refused = entries.filter((entry) => entry.method === "POST");
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({ msg: "request refused", status: response.status });
      expect(String(refused[0]!.path).length).toBeLessThan(MAX_LOGGED_PATH + 40);
      expect(JSON.stringify(refused[0])).not.toMatch(/stack| {4}at /);
      for (const line of lines) expect(line.length).toBeLessThan(1000);
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
  });
});
