import { and, desc, eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { startAdminHttp } from "../helpers/admin-http";
import { readHtml } from "../helpers/auth";

const admin = startAdminHttp();
const { db } = admin;

/** The scrape sources table: server-side search, filters, sort and paging; bulk actions. */

const PREFIX = "Table Test";

beforeAll(async () => {
  const base = { pageType: "single", productSelector: ".p", priceSelector: ".pr" };
  await db()
    .insert(t.scrapeSources)
    .values([
      {
        ...base,
        retailerName: `${PREFIX} Alpha`,
        url: "https://alpha.example/a",
        nameSelector: ".n",
        isActive: true,
        status: "active",
        lastScrapedAt: new Date("2026-01-02T10:00:00Z"),
      },
      {
        ...base,
        retailerName: `${PREFIX} Bravo`,
        url: "https://bravo.example/b",
        nameSelector: ".n",
        isActive: false,
        status: "active",
        lastScrapedAt: new Date("2026-01-01T10:00:00Z"),
      },
      {
        ...base,
        retailerName: `${PREFIX} Charlie`,
        url: "https://charlie.example/c",
        nameSelector: ".n",
        isActive: true,
        status: "error",
        lastError: "Error during scraping: 503",
      },
      {
        ...base,
        retailerName: `${PREFIX} Delta`,
        url: "https://delta.example/d",
        nameSelector: ".n",
        isActive: false,
        status: "error",
      },
    ]);
});

async function page(search: string) {
  const response = await admin.server.fetch(`/admin/scraping${search}`, {
    headers: { cookie: admin.adminCookie },
  });
  expect(response.status).toBe(200);
  return readHtml(response);
}

/** The retailer names in the sources table, in order. */
function retailers(html: string): string[] {
  const table = html.slice(
    html.indexOf('aria-label="Scrape sources"'),
    html.indexOf("</table>", html.indexOf('aria-label="Scrape sources"')),
  );
  return [...table.matchAll(/aria-label="Select (?!every row)([^"]+)"/g)].map((match) => match[1]!);
}

async function post(fields: Record<string, string>) {
  const response = await admin.server.postForm("/admin/scraping", fields, {
    cookie: admin.adminCookie,
  });
  return { status: response.status, text: await response.text() };
}

async function idsOf(names: string[]) {
  const rows = await db()
    .select({ id: t.scrapeSources.id, name: t.scrapeSources.retailerName })
    .from(t.scrapeSources)
    .where(inArray(t.scrapeSources.retailerName, names));
  return names.map((name) => rows.find((row) => row.name === name)!.id);
}

describe("the sources table", () => {
  it("searches retailer and URL on the server and sends only one page of rows", async () => {
    expect(retailers(await page(`?q=${encodeURIComponent(PREFIX)}&sort=retailer`))).toEqual([
      `${PREFIX} Alpha`,
      `${PREFIX} Bravo`,
      `${PREFIX} Charlie`,
      `${PREFIX} Delta`,
    ]);
    expect(retailers(await page("?q=charlie.example"))).toEqual([`${PREFIX} Charlie`]);
    // Five rows a page (SPEC.md §5); the demo sources and these four make two pages.
    const first = await page("");
    expect(retailers(first)).toHaveLength(5);
    expect(first).toContain("Page 1 of 2");
    expect(retailers(await page("?page=2"))).toHaveLength(3);
    expect(retailers(await page("?q=no-such-retailer"))).toEqual([]);
  });

  it("sends a page past the last one to the last page, keeping the search", async () => {
    const response = await admin.server.fetch(`/admin/scraping?q=demo&page=99`, {
      headers: { cookie: admin.adminCookie },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/scraping?q=demo");
  });

  it("filters by status; ?status=error lists the failing sources the dashboard links to", async () => {
    const q = `q=${encodeURIComponent(PREFIX)}&sort=retailer`;
    expect(retailers(await page(`?${q}&status=error`))).toEqual([
      `${PREFIX} Charlie`,
      `${PREFIX} Delta`,
    ]);
    expect(retailers(await page(`?${q}&status=inactive`))).toEqual([
      `${PREFIX} Bravo`,
      `${PREFIX} Delta`,
    ]);
    expect(retailers(await page(`?${q}&status=active`))).toEqual([`${PREFIX} Alpha`]);
  });

  it("sorts ascending on the first click, descending on the second, kept in the URL", async () => {
    const html = await page(`?q=${encodeURIComponent(PREFIX)}`);
    // The Retailer header links to its ascending sort, keeping the search.
    expect(html).toMatch(/href="\/admin\/scraping\?q=Table\+Test&amp;sort=retailer"/);
    const ascending = await page(`?q=${encodeURIComponent(PREFIX)}&sort=retailer&dir=asc`);
    expect(ascending).toMatch(
      /href="\/admin\/scraping\?q=Table\+Test&amp;sort=retailer&amp;dir=desc"/,
    );
    expect(ascending).toContain('aria-sort="ascending"');
    expect(
      retailers(await page(`?q=${encodeURIComponent(PREFIX)}&sort=retailer&dir=desc`)),
    ).toEqual([`${PREFIX} Delta`, `${PREFIX} Charlie`, `${PREFIX} Bravo`, `${PREFIX} Alpha`]);
    // Never-scraped sources stay last in both directions.
    const byDate = (dir: string) =>
      page(`?q=${encodeURIComponent(PREFIX)}&sort=lastScraped&dir=${dir}`).then(retailers);
    expect((await byDate("asc")).slice(0, 2)).toEqual([`${PREFIX} Bravo`, `${PREFIX} Alpha`]);
    expect((await byDate("desc")).slice(0, 2)).toEqual([`${PREFIX} Alpha`, `${PREFIX} Bravo`]);
  });

  it("shows an inactive source with SPEC's grey badge, whatever its last run did", async () => {
    const html = await page(`?q=${encodeURIComponent(`${PREFIX} Delta`)}`);
    const row = html.slice(html.indexOf("Select Table Test Delta"));
    expect(row).toMatch(/data-variant="secondary"[^>]*>inactive</);
  });
});

describe("Start Scraping", () => {
  it("names the inactive sources it skips", async () => {
    const result = await post({ intent: "run-all" });
    expect(result.status).toBe(202);
    expect(result.text).toContain("Scraping started.");
    expect(result.text).toMatch(
      /Skipped \d+ inactive sources: [^"]*Table Test Bravo, Table Test Delta/,
    );
  });
});

describe("bulk actions", () => {
  it("deactivates and activates the selected sources, one audit entry each with name, before and after", async () => {
    const names = [`${PREFIX} Alpha`, `${PREFIX} Charlie`];
    const ids = await idsOf(names);
    const result = await post({
      intent: "bulk-sources",
      operation: "deactivate",
      ids: ids.join(","),
    });
    expect(result.status).toBe(200);
    expect(result.text).toContain("2 sources deactivated");
    const rows = await db()
      .select({ isActive: t.scrapeSources.isActive })
      .from(t.scrapeSources)
      .where(inArray(t.scrapeSources.id, ids));
    expect(rows.map((row) => row.isActive)).toEqual([false, false]);
    const [entry] = await db()
      .select({ details: t.auditLog.details, action: t.auditLog.action })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, "scrape_source"), eq(t.auditLog.entityId, ids[0]!)))
      .orderBy(desc(t.auditLog.createdAt))
      .limit(1);
    expect(entry).toEqual({
      action: "update",
      details: {
        name: `${PREFIX} Alpha`,
        changes: { isActive: { before: true, after: false } },
      },
    });

    expect(
      (await post({ intent: "bulk-sources", operation: "activate", ids: ids.join(",") })).text,
    ).toContain("2 sources activated");
  });

  it("moves the selected sources to the trash, records each by name, and Undo restores them", async () => {
    const [id] = await idsOf([`${PREFIX} Delta`]);
    const result = await post({ intent: "bulk-sources", operation: "delete", ids: id! });
    expect(result.status).toBe(200);
    expect(result.text).toContain("1 source deleted");
    expect(
      await db().select().from(t.scrapeSources).where(like(t.scrapeSources.retailerName, "%Delta")),
    ).toEqual([]);
    const [entry] = await db()
      .select({ details: t.auditLog.details })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, "delete"), eq(t.auditLog.entityId, id!)));
    const { trashBatchId } = entry!.details as { name: string; trashBatchId: string };
    expect(entry!.details).toMatchObject({ name: `${PREFIX} Delta` });
    expect(result.text).toContain(trashBatchId);

    const undo = await admin.server.postForm(
      "/admin/trash",
      { intent: "restore-batch", batchId: trashBatchId },
      { cookie: admin.adminCookie },
    );
    expect(undo.status).toBe(200);
    const [restored] = await db()
      .select({ name: t.scrapeSources.retailerName })
      .from(t.scrapeSources)
      .where(eq(t.scrapeSources.id, id!));
    expect(restored).toEqual({ name: `${PREFIX} Delta` });
  });
});
