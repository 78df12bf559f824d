import { describe, expect, it } from "vitest";

import { inputErrorOf } from "./write-errors.server";

function drizzleError(code: string) {
  return new Error("Failed query: insert …", { cause: Object.assign(new Error("db"), { code }) });
}

describe("inputErrorOf", () => {
  it("turns a foreign-key violation anywhere in the cause chain into a 400 with a message", () => {
    expect(inputErrorOf(drizzleError("23503"))).toEqual({
      status: 400,
      message: expect.stringMatching(/does not exist/),
    });
  });

  it("answers an over-long value and a malformed uuid with 400", () => {
    expect(inputErrorOf(drizzleError("54000"))?.status).toBe(400);
    expect(inputErrorOf(drizzleError("22P02"))?.status).toBe(400);
  });

  it("leaves server failures (a lost connection, a plain error) to the 500 path", () => {
    expect(inputErrorOf(drizzleError("08006"))).toBeNull();
    expect(inputErrorOf(new Error("boom"))).toBeNull();
    expect(inputErrorOf(Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBeNull();
  });
});
