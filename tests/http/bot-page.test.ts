import { afterAll, beforeAll, describe, expect, it } from "vitest";

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
});
