import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getHeroContent } from "~/.server/data/hero.server";
import { heroContent } from "~/.server/db/schema";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { testDatabaseEnv } from "../helpers/database";
import { startTestServer, type TestServer } from "../helpers/server";

const ADMIN = { email: "scale-admin@example.test", password: "scale-admin-password" };
const HERO_FIELDS = {
  intent: "save",
  subtitle: "s",
  description: "d",
  primaryButtonText: "p",
  secondaryButtonText: "q",
};

/**
 * Two app instances on one PostgreSQL database, as behind a load balancer: a change made
 * through one reaches the other's rendered-page cache through LISTEN/NOTIFY. (PGlite is one
 * process, so this needs TEST_DATABASE_URL.)
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof testDatabaseEnv>>;
  let first: TestServer;
  let second: TestServer;
  let adminCookie: string;

  beforeAll(async () => {
    database = await testDatabaseEnv();
    // One after the other: the first migrates and installs the demo data.
    first = await startTestServer(database.env);
    second = await startTestServer(database.env);
    await createUserWithPassword(first.app, ADMIN.email, ADMIN.password, { admin: true });
    adminCookie = await signIn(first, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  async function homeOnSecond() {
    const response = await second.fetch("/");
    return { cache: response.headers.get("x-page-cache"), html: await readHtml(response) };
  }

  // The wait is generous for a loaded machine, yet far below the five-minute expiry that
  // would otherwise empty the cache: only the NOTIFY can bring the edit in time.
  it("an admin edit on one instance reaches the other's cached page, told by NOTIFY", async () => {
    await homeOnSecond();
    expect((await homeOnSecond()).cache).toBe("hit");
    const saved = await first.postForm(
      "/admin/hero",
      {
        ...HERO_FIELDS,
        version: (await getHeroContent(first.app.db)).version,
        title: "Edited On The First Instance",
      },
      { cookie: adminCookie },
    );
    expect(saved.status).toBe(200);
    await expect
      .poll(async () => (await homeOnSecond()).html, { timeout: 30_000, interval: 20 })
      .toContain("Edited On The First Instance");
  });

  it("Clear Cache on one instance empties the other's", async () => {
    await homeOnSecond();
    // A change the triggers do not see (as a bulk load with triggers off): only Clear Cache shows it.
    await first.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(heroContent).set({ title: "Loaded Behind The Caches" });
    });
    const cached = await homeOnSecond();
    expect(cached.cache).toBe("hit");
    expect(cached.html).not.toContain("Loaded Behind The Caches");
    const cleared = await first.postForm(
      "/admin/settings",
      { intent: "clear-cache" },
      { cookie: adminCookie },
    );
    expect(cleared.status).toBe(200);
    await expect
      .poll(async () => (await homeOnSecond()).html, { timeout: 30_000, interval: 20 })
      .toContain("Loaded Behind The Caches");
  });
});
