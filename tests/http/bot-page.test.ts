import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { updateSettings } from "~/.server/data/settings.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("/bot", () => {
  it("is the public page the scraper's user agent links to, saying how a shop opts out", async () => {
    expect(server.app.env.SCRAPER_USER_AGENT).toBe(`PeptidePricesBot/1.0 (+${server.baseUrl}/bot)`);
    const response = await server.fetch("/bot");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>PeptidePricesBot · PeptidePrices</title>");
    expect(html).toContain(server.app.env.SCRAPER_USER_AGENT);
    expect(html).toContain("User-agent: PeptidePricesBot");
    expect(html).toContain("Disallow: /");
    expect(html).toContain("Crawl-delay");
  });

  it("states the request delay, interval and page cap configured in the settings", async () => {
    await updateSettings(server.app.db, {
      ...DEFAULT_SETTINGS,
      requestDelayMs: 2500,
      scrapeIntervalSeconds: 7200,
      maxUrlsPerRun: 40,
    });
    server.app.cache.clear();
    // React marks where text and values meet with empty comments; the reader sees none.
    const html = (await (await server.fetch("/bot")).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("<strong>2.5 seconds</strong> between two requests to one shop");
    expect(html).toContain("at most once every 2 hours");
    expect(html).toContain("stops after 40 pages per run");
  });
});
