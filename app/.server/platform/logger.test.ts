import { Writable } from "node:stream";

import type { Logger } from "pino";
import { describe, expect, it } from "vitest";

import { createLogger, MAX_LOGGED_PATH, MAX_LOGGED_STRING, requestForLog } from "./logger";

function capture(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger("info", stream) };
}

describe("createLogger", () => {
  it("caps a huge value and drops a failed query's parameters", () => {
    const { lines, logger } = capture();
    const huge = "x".repeat(1_000_000);
    const error = new Error(
      `Failed query: insert into categories (name) values ($1)\nparams: ${huge}`,
      {
        cause: Object.assign(new Error("value too long"), { code: "54000" }),
      },
    );
    Object.assign(error, { query: "insert into categories (name) values ($1)", params: [huge] });
    logger.error({ err: error, name: huge }, "saving a category failed");
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.length).toBeLessThan(3 * MAX_LOGGED_STRING + 2000);
    const entry = JSON.parse(line);
    expect(entry.err.message).toBe("Failed query: insert into categories (name) values ($1)");
    expect(entry.err.params).toBeUndefined();
    expect(entry.name).toMatch(/more characters\)$/);
    expect(entry.msg).toBe("saving a category failed");
  });
});

describe("requestForLog (issue 37)", () => {
  it("names the method and the path, capped, never the query", () => {
    expect(requestForLog({ method: "POST", url: "http://site.test/a/b?token=secret" })).toEqual({
      method: "POST",
      path: "/a/b",
    });
    expect(requestForLog({ method: "GET", url: "//evil.test/x?q=1" }).path).toBe("//evil.test/x");
    const long = requestForLog({ method: "POST", url: `/${"a".repeat(5000)}` }).path;
    expect(long.length).toBeLessThan(MAX_LOGGED_PATH + 40);
    expect(long).toContain("(4801 more characters)");
  });
});
