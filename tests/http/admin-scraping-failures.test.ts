/**
 * A failed run on /admin/scraping: each source it left in error on its own line, with its
 * name, its message and a link to its own log lines (?logsSource=).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let cookie: string;
let echoId: string;
let foxtrotId: string;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await signIn(server, "admin@peptideprices.test", "admin-password");
  const db = server.app.db;
  const started = new Date(Date.now() - 60_000);
  const scraped = new Date(Date.now() - 30_000);
  const base = {
    pageType: "single",
    productSelector: ".p",
    priceSelector: ".pr",
    nameSelector: ".n",
  };
  const [echo, foxtrot] = await db
    .insert(t.scrapeSources)
    .values([
      {
        ...base,
        retailerName: "Failing Echo",
        url: "https://echo.example/p",
        status: "error",
        lastError: "Error during scraping: 503 Service Unavailable",
        lastScrapedAt: scraped,
      },
      {
        ...base,
        retailerName: "Failing Foxtrot",
        url: "https://foxtrot.example/p",
        status: "error",
        lastError: "No products found with the product selector",
        lastScrapedAt: scraped,
      },
    ])
    .returning({ id: t.scrapeSources.id });
  echoId = echo!.id;
  foxtrotId = foxtrot!.id;
  await db.insert(t.scrapeLogs).values([
    { sourceId: echoId, url: "https://echo.example/p", status: "error", details: "503 for echo" },
    { sourceId: foxtrotId, url: "https://foxtrot.example/p", status: "error", details: "none" },
  ]);
  await db.insert(t.scrapeRuns).values({
    trigger: "manual",
    lockKey: "all",
    status: "failed",
    ok: false,
    message:
      "Failing Echo: Error during scraping: 503 Service Unavailable Failing Foxtrot: No products found with the product selector",
    startedAt: started,
    finishedAt: new Date(),
  });
});
afterAll(() => server?.close());

async function page(search: string) {
  const response = await server.fetch(`/admin/scraping${search}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return readHtml(response);
}

describe("a failed run's errors on the scraping page", () => {
  it("lists each failed source on its own line with its message and its log", async () => {
    const html = await page("");
    expect(html).toContain("Error: 2 sources failed");
    const lines = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((match) => match[1]!);
    const echo = lines.find((line) => line.includes("Failing Echo"));
    const foxtrot = lines.find((line) => line.includes("Failing Foxtrot"));
    expect(echo).toContain("503 Service Unavailable");
    expect(echo).toContain(`href="/admin/scraping?logsSource=${echoId}#logs-heading"`);
    expect(echo).not.toContain("Failing Foxtrot");
    expect(foxtrot).toContain("No products found with the product selector");
    expect(foxtrot).toContain(`logsSource=${foxtrotId}`);
  });

  it("shows one source's log lines through ?logsSource=", async () => {
    const html = await page(`?logsSource=${echoId}`);
    const start = html.indexOf('id="logs-heading"');
    const logs = html.slice(start, html.indexOf("</section>", start));
    expect(logs).toContain("503 for echo");
    expect(logs).not.toContain("foxtrot.example");
    expect(logs).toContain("Show every source");
  });
});
