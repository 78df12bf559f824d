import http from "node:http";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { scrapeSource } from "~/.server/scraper/run.server";
import { DEFAULT_SETTINGS, type ScrapeSourceKind } from "~/lib/constants";

import { createSourceWithVendor } from "../helpers/scrape-sources";
import { createTestApp, type TestApp } from "../helpers/app";
import { seedShopCatalogue } from "../helpers/shop-catalogue";

/**
 * Issue 31 Must 8: a block page is never read for prices. A site answers as Cloudflare's
 * challenge (403, server: cloudflare, cf-ray, a __cf_bm cookie) and as Akamai's "Access
 * Denied" page (200, no title); the source fails "blocked by the site" with the evidence, and
 * its health counts the failure.
 */

let app: TestApp;
let site: http.Server;
let base = "";

const AKAMAI = `<HTML><HEAD>
</HEAD><BODY>
<H1>Access Denied</H1>
You don't have permission to access "http&#58;&#47;&#47;shop&#46;example&#47;" on this server.<P>
Reference&#32;&#35;18&#46;6f1c1702&#46;1700000000&#46;1a2b3c4d
<div class="p"><h2 class="n">BPC-157 10mg</h2><span class="price">$9.00</span></div>
</BODY>
</HTML>`;

beforeAll(async () => {
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true", SEED_DEMO: "false" });
  await seedShopCatalogue(app.db);
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  site = http.createServer((req, res) => {
    if (req.url === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    } else if (req.url?.startsWith("/akamai")) {
      res.writeHead(200, { "content-type": "text/html", server: "AkamaiGHost" }).end(AKAMAI);
    } else {
      res
        .writeHead(403, {
          "content-type": "text/html; charset=UTF-8",
          server: "cloudflare",
          "cf-ray": "8a1b2c3d4e5f6789-AMS",
          "cf-mitigated": "challenge",
          "set-cookie": "__cf_bm=abc.def; path=/; HttpOnly; Secure; SameSite=None",
        })
        .end(
          "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking if the site connection is secure</body></html>",
        );
    }
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await app.dispose();
});

async function source(kind: ScrapeSourceKind, url: string) {
  const page = kind === "page";
  const { id, vendorId } = await createSourceWithVendor(app.db, {
    retailerName: "Blocked shop",
    url,
    kind,
    productSelector: page ? ".p" : "",
    nameSelector: page ? ".n" : "",
    priceSelector: page ? ".price" : "",
  });
  return { source: (await getScrapeSource(app.db, id))!, vendorId };
}

async function health(sourceId: string) {
  const [row] = await app.db
    .select({ failures: t.scrapeSourceHealth.consecutiveFailures })
    .from(t.scrapeSourceHealth)
    .where(eq(t.scrapeSourceHealth.sourceId, sourceId));
  return row?.failures ?? 0;
}

describe("block pages", () => {
  it("fails a WooCommerce source behind Cloudflare's challenge as blocked, with the evidence", async () => {
    const { source: woo } = await source("woocommerce", `${base}/`);
    const result = await scrapeSource(app, woo);
    expect(result.ok).toBe(false);
    expect(result.message).toContain("blocked by the site: Cloudflare answered HTTP 403");
    expect(result.message).toContain("a __cf_bm cookie");
    const stored = await getScrapeSource(app.db, woo.id);
    expect(stored).toMatchObject({ status: "error" });
    expect(stored?.lastError).toContain("blocked by the site");
    await scrapeSource(app, woo);
    expect(await health(woo.id)).toBe(2);
  });

  it("never reads a price from Akamai's 200 Access Denied page", async () => {
    const { source: page, vendorId } = await source("page", `${base}/akamai/shop`);
    const result = await scrapeSource(app, page);
    expect(result.ok).toBe(false);
    expect(result.message).toContain(
      'blocked by the site: Akamai answered HTTP 200 with "Access Denied"',
    );
    const offers = await app.db
      .select()
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.vendorId, vendorId));
    const queued = await app.db
      .select()
      .from(t.scrapeReviewItems)
      .where(eq(t.scrapeReviewItems.vendorId, vendorId));
    expect([...offers, ...queued]).toEqual([]);
    expect(await health(page.id)).toBe(1);
  });
});
