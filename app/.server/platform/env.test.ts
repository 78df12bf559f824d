import { describe, expect, it } from "vitest";

import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives working defaults for an empty environment: embedded database with demo data", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
    expect(env.ADMIN_EMAILS).toEqual([]);
  });

  it("does not install demo data on a PostgreSQL server unless asked", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://localhost/db" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://localhost/db", SEED_DEMO: "true" }).SEED_DEMO).toBe(
      true,
    );
  });

  it("splits, trims and lower-cases ADMIN_EMAILS", () => {
    expect(parseEnv({ ADMIN_EMAILS: " A@x.test, b@y.test ,," }).ADMIN_EMAILS).toEqual([
      "a@x.test",
      "b@y.test",
    ]);
  });

  it("trusts no proxy by default, and takes a hop count or a list of addresses for TRUST_PROXY", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, ::1" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(() => parseEnv({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY/);
  });

  it("limits the open data to 120 requests a minute per address unless OPEN_DATA_RATE_LIMIT says otherwise", () => {
    expect(parseEnv({}).OPEN_DATA_RATE_LIMIT).toBe(120);
    expect(parseEnv({ OPEN_DATA_RATE_LIMIT: "600" }).OPEN_DATA_RATE_LIMIT).toBe(600);
    expect(() => parseEnv({ OPEN_DATA_RATE_LIMIT: "0" })).toThrow(/OPEN_DATA_RATE_LIMIT/);
    expect(() => parseEnv({ OPEN_DATA_RATE_LIMIT: "lots" })).toThrow(/OPEN_DATA_RATE_LIMIT/);
  });

  it("stops with a message naming each bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrow(EnvError);
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", BETTER_AUTH_SECRET: "short" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
      expect(message).toContain("BETTER_AUTH_SECRET: must be at least 32 characters");
    }
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ SMTP_URL: "", PORT: "" }).SMTP_URL).toBeUndefined();
  });
});
