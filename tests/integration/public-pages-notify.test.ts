import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { categories } from "~/.server/db/schema";
import { PUBLIC_CHANGES_CHANNEL } from "~/.server/platform/http/page-cache.server";

import { createTestApp, type TestApp } from "../helpers/app";

/**
 * The public tables' triggers notify `public_pages_changed` only when a statement changed rows:
 * a statement that touched none (a scrape finding the same price, the start-up's seed meeting
 * existing rows) leaves every instance's page cache as it was.
 */
const PUBLIC_TABLES = [
  "categories",
  "peptides",
  "size_options",
  "vendors",
  "coupons",
  "vendor_peptides",
  "peptide_slug_history",
  "price_history",
  "hero_content",
  "footer_content",
  "ads",
  "category_filters",
  "settings",
  "exchange_rates",
  "vendor_slug_history",
];

/** Ends each step: notifications arrive in commit order, so what a step sent comes before it. */
const SENTINEL = "test-sentinel";

let app: TestApp;
let heard: string[] = [];
let sentinelHeard: (() => void) | null = null;
let stopListening: () => Promise<void>;

function hear(payload: string) {
  if (payload === SENTINEL) sentinelHeard?.();
  else heard.push(payload);
}

beforeAll(async () => {
  app = await createTestApp();
  if (app.database.kind === "pglite") {
    stopListening = await app.database.listen(PUBLIC_CHANGES_CHANNEL, hear);
    return;
  }
  // One connection of the test's own: it hears each notification once, in commit order (the
  // app's listen hears it on every connection that listens, in no order across them).
  const listener = new pg.Client({ connectionString: app.env.DATABASE_URL });
  await listener.connect();
  listener.on("notification", (message) => hear(message.payload ?? ""));
  await listener.query(`LISTEN ${pg.escapeIdentifier(PUBLIC_CHANGES_CHANNEL)}`);
  stopListening = () => listener.end();
});
afterAll(async () => {
  await stopListening?.();
  await app?.dispose();
});

/**
 * The notifications the statements sent, once the sentinel sent after them has arrived;
 * `then` runs between the two (the sentinel empties the app's caches too).
 */
async function notificationsOf(
  statements: () => Promise<unknown>,
  then: () => unknown = () => {},
): Promise<string[]> {
  heard = [];
  await statements();
  await then();
  const arrived = new Promise<void>((resolve) => (sentinelHeard = resolve));
  await app.database.executeSql("select pg_notify($1, $2)", [PUBLIC_CHANGES_CHANNEL, SENTINEL]);
  await arrived;
  sentinelHeard = null;
  return heard;
}

function cachePage(url: string) {
  app.cache.pages.write(
    url,
    { status: 200, headers: [], body: Buffer.from("<p>cached</p>"), storedAt: Date.now() },
    app.cache.pages.version(),
  );
  expect(app.cache.pages.read(url)).toBeDefined();
}

describe("public pages' change notifications", () => {
  it("every public table notifies on insert, update, delete and truncate", async () => {
    const result = await app.database.executeSql(
      `select c.relname as "table", t.tgname as "trigger"
         from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and t.tgname like '%public_pages%'`,
    );
    const triggers = result.rows as { table: string; trigger: string }[];
    for (const table of PUBLIC_TABLES) {
      expect(
        triggers.filter((t) => t.table === table).map((t) => t.trigger),
        table,
      ).toEqual(
        expect.arrayContaining(
          ["insert", "update", "delete", "truncate"].map((e) => `${table}_public_pages_${e}`),
        ),
      );
    }
    // 0006's always-notifying triggers are gone.
    expect(triggers.filter((t) => t.trigger.endsWith("_public_pages_changed"))).toEqual([]);
  });

  it("stays silent for statements that change no row, on every public table", async () => {
    const heardNow = await notificationsOf(async () => {
      for (const table of PUBLIC_TABLES) {
        const { rows } = await app.database.executeSql(
          `select column_name as "column" from information_schema.columns
            where table_schema = current_schema() and table_name = $1 and ordinal_position = 1`,
          [table],
        );
        const column = (rows[0] as { column: string }).column;
        await app.database.executeSql(
          `update "${table}" set "${column}" = "${column}" where false`,
        );
        await app.database.executeSql(`delete from "${table}" where false`);
      }
    });
    expect(heardNow).toEqual([]);
  });

  it("keeps the page cache through a zero-row UPDATE and empties it on a one-row UPDATE", async () => {
    const [category] = await app.db.select({ slug: categories.slug }).from(categories).limit(1);
    const renameTo = (slug: string) =>
      app.db
        .update(categories)
        .set({ name: sql`${categories.name}` })
        .where(eq(categories.slug, slug));

    cachePage("/?notify-test");
    const zeroRows = await notificationsOf(
      () => renameTo("no-such-category"),
      // On the embedded database the app hears its own write's notification before the write
      // resolves, so the page is still there only if none was sent. On PostgreSQL the app's
      // pooled connections may still hand it an earlier step's notification: there the test's
      // own listener, which hears none, is the proof.
      () => {
        if (app.database.kind === "pglite")
          expect(app.cache.pages.read("/?notify-test")).toBeDefined();
      },
    );
    expect(zeroRows).toEqual([]);

    cachePage("/?notify-test");
    const oneRow = await notificationsOf(
      () => renameTo(category!.slug),
      // The app hears it on a connection of its own on PostgreSQL: soon, not at once.
      () => vi.waitFor(() => expect(app.cache.pages.read("/?notify-test")).toBeUndefined()),
    );
    expect(oneRow).toEqual([""]);
  });

  it("stays silent for an INSERT … ON CONFLICT DO NOTHING that met an existing row", async () => {
    const [category] = await app.db
      .select({ name: categories.name, slug: categories.slug })
      .from(categories)
      .limit(1);
    const heardNow = await notificationsOf(() =>
      app.db.insert(categories).values(category!).onConflictDoNothing(),
    );
    expect(heardNow).toEqual([]);
  });

  it("notifies for a one-row insert and delete", async () => {
    const inserted = await notificationsOf(() =>
      app.db.insert(categories).values({ name: "Notify test", slug: "notify-test" }),
    );
    expect(inserted).toEqual([""]);
    const deleted = await notificationsOf(() =>
      app.db.delete(categories).where(eq(categories.slug, "notify-test")),
    );
    expect(deleted).toEqual([""]);
  });
});
