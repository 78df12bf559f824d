import { describe, expect, it } from "vitest";

import { EMAIL_MAX, usersActionSchema } from "./users";

describe("usersActionSchema", () => {
  it("lower-cases and trims the new admin's e-mail", () => {
    expect(usersActionSchema.parse({ intent: "add-admin", email: " Ann@Example.TEST " })).toEqual({
      intent: "add-admin",
      email: "ann@example.test",
    });
  });

  it("names the e-mail limit, and refuses what is not an address", () => {
    const long = usersActionSchema.safeParse({
      intent: "add-admin",
      email: `${"a".repeat(EMAIL_MAX)}@x.test`,
    });
    expect(long.error?.issues[0]?.message).toBe(`Email can be at most ${EMAIL_MAX} characters`);
    expect(usersActionSchema.safeParse({ intent: "add-admin", email: "nobody" }).success).toBe(
      false,
    );
  });

  it("refuses an over-long user id and an unknown intent", () => {
    expect(
      usersActionSchema.safeParse({ intent: "toggle-admin", userId: "x".repeat(65) }).success,
    ).toBe(false);
    expect(usersActionSchema.safeParse({ intent: "drop-tables" }).error?.issues[0]?.message).toBe(
      "Unknown action",
    );
  });
});
