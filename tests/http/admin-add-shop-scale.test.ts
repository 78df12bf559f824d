import { performance } from "node:perf_hooks";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { updateSettings } from "~/.server/data/settings.server";
import { executeShopPreview } from "~/.server/jobs/shop-preview-job.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";
import { PREVIEW_PAGE_SIZE } from "~/lib/forms/add-shop";

import { startAdminHttp } from "../helpers/admin-http";
import {
  startWooCommerceShop,
  type FixtureProduct,
  type ShopFixture,
} from "../helpers/shop-fixtures";

/**
 * Issue 31 Must 6 at size: a 5,000-offer shop's preview is kept on the server and shown a
 * page at a time; every page, as a document or as the data of a client-side navigation,
 * stays under 300 KB whichever page, search or filter it shows.
 */

const OFFERS = 5_000;
const PAGE_BUDGET_BYTES = 300_000;
const ADD_SHOP = "/admin/scraping/add-shop";

const admin = startAdminHttp({ serverEnv: { SCRAPER_ALLOW_PRIVATE_HOSTS: "true" } });
let shop: ShopFixture;
let previewId: string;

/** Names a run would not match (each row then carries its actions), long as real ones are. */
const products: FixtureProduct[] = Array.from({ length: OFFERS }, (_, i) => ({
  name: `Zorvatide-${i} 10mg Lyophilized Research Peptide Vial (99% purity, third-party tested)`,
  variants: [{ label: "", price: 20 + (i % 50) }],
}));

beforeAll(async () => {
  await updateSettings(admin.db(), {
    ...DEFAULT_SETTINGS,
    requestDelayMs: 0,
    maxUrlsPerRun: 200,
  });
  shop = await startWooCommerceShop(products);
  const response = await admin.server.postForm(
    ADD_SHOP,
    { intent: "detect", address: `${shop.baseUrl}/` },
    { cookie: admin.adminCookie },
  );
  expect(response.status).toBe(302);
  previewId = new URL(response.headers.get("location")!, admin.server.baseUrl).searchParams.get(
    "preview",
  )!;
  await executeShopPreview(admin.server.app, previewId);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/** A page's body in bytes as sent, and how long it took (reported, not asserted). */
async function measure(path: string): Promise<{ bytes: number; ms: number; text: string }> {
  const started = performance.now();
  const response = await admin.server.fetch(path, { headers: { cookie: admin.adminCookie } });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  expect(response.status).toBe(200);
  // Without the empty comments React puts between adjacent text nodes.
  return { bytes: body.byteLength, ms, text: body.toString("utf8").replaceAll("<!-- -->", "") };
}

describe("Add shop: a 5,000-offer preview", () => {
  it("read every offer, and shows them a page at a time", async () => {
    const first = await measure(`${ADD_SHOP}?preview=${previewId}`);
    expect(first.text).toContain(`WooCommerce Store API: ${OFFERS} offers`);
    expect(first.text).toContain(`Unknown: ${OFFERS}`);
    expect(first.text).toContain(`page 1 of ${OFFERS / PREVIEW_PAGE_SIZE}`);
    expect(first.text).toContain("Zorvatide-0 10mg");
    expect(first.text).not.toContain(`Zorvatide-${PREVIEW_PAGE_SIZE} 10mg`);
  });

  it("keeps each page, as a document and as navigation data, under 300 KB", async () => {
    const last = OFFERS / PREVIEW_PAGE_SIZE;
    const paths = [
      ADD_SHOP,
      `${ADD_SHOP}?preview=${previewId}`,
      `${ADD_SHOP}?preview=${previewId}&page=${last}`,
      `${ADD_SHOP}?preview=${previewId}&q=Zorvatide&outcome=unknown&page=7`,
      `${ADD_SHOP}.data?preview=${previewId}&page=2`,
    ];
    for (const path of paths) {
      const { bytes, ms } = await measure(path);
      console.log(
        `add-shop preview ${path.replace(previewId, "…")}: ${bytes} bytes, ${ms.toFixed(0)} ms`,
      );
      expect(bytes).toBeLessThan(PAGE_BUDGET_BYTES);
    }
    const lastPage = await measure(`${ADD_SHOP}?preview=${previewId}&page=${last}`);
    expect(lastPage.text).toContain(`Zorvatide-${OFFERS - 1} 10mg`);
  });

  it("finds one offer among 5,000 by search", async () => {
    const found = await measure(`${ADD_SHOP}?preview=${previewId}&q=Zorvatide-4321`);
    expect(found.text).toContain("Zorvatide-4321 10mg");
    expect(found.text).toContain(`1 of ${OFFERS} offers shown`);
  });
});
