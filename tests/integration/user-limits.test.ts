/**
 * Per-user list limits (issue 37 Must 5): a save past the limit is refused, and saves racing
 * at the limit are counted one after the other, so together they never pass it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { insertWithinUserLimit } from "~/.server/data/user-limits.server";
import { savedStacks } from "~/.server/db/schema";

import { createTestApp, type TestApp } from "../helpers/app";
import { createUserWithPassword } from "../helpers/auth";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
});
afterAll(async () => {
  await app?.dispose();
});

const LINE = { peptide: "bpc-157", size: "5mg", quantity: 1 };
let made = 0;
function saveWithin(userId: string, limit: number) {
  made += 1;
  const token = `user-limit-token-${String(made).padStart(16, "0")}`;
  return insertWithinUserLimit(
    app.db,
    { table: savedStacks, userColumn: savedStacks.userId, userId, limit },
    (tx) =>
      tx.insert(savedStacks).values({ userId, name: token, items: [LINE], shareToken: token }),
  );
}

const held = async (userId: string) =>
  (await app.db.select().from(savedStacks).where(eq(savedStacks.userId, userId))).length;

describe("insertWithinUserLimit", () => {
  it("inserts up to the limit, then answers full", async () => {
    const userId = await createUserWithPassword(app, "limit-one@example.test", "limit-pass-1");
    for (let i = 0; i < 3; i++) expect(await saveWithin(userId, 3)).not.toBe("full");
    expect(await saveWithin(userId, 3)).toBe("full");
    expect(await held(userId)).toBe(3);
  });

  it("lets one of several racing saves take the last place", async () => {
    const userId = await createUserWithPassword(app, "limit-race@example.test", "limit-pass-1");
    await saveWithin(userId, 5);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => saveWithin(userId, 2)));
    expect(outcomes.filter((outcome) => outcome !== "full")).toHaveLength(1);
    expect(await held(userId)).toBe(2);
  });
});
