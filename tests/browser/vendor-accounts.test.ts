import { and, eq, notExists, or } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addVendorMember } from "~/.server/data/vendor-accounts.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { DEFAULT_SETTINGS } from "~/lib/constants";
import { VERIFICATION_FILE_PATH, VERIFICATION_META_NAME } from "~/lib/vendor-accounts";

import { startAdminBrowser } from "../helpers/admin-browser";
import { createUserWithPassword } from "../helpers/auth";
import { addAxe, seriousAxeFindings } from "../helpers/axe";
import { newVerifiedContext, signInContext, waitForHydration } from "../helpers/browser";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { PHONE, SETTLE } from "../helpers/public-browser";
import { runNextShopRead, runQueuedShopReads } from "../helpers/shop-reads";

/**
 * Issue 33 Must 4 and 5 in a browser, the vendor's side: a signed-in user claims a vendor page
 * by a meta tag and by a file on a local shop; a vendor user edits its shipping terms, answers a
 * review and uploads a lab report the admin approves; and an API key's prices are checked
 * against a local storefront, the disagreeing one held for the admin.
 */
const admin = startAdminBrowser({ serverEnv: { SCRAPER_ALLOW_PRIVATE_HOSTS: "true" } });
const DESKTOP = { width: 1366, height: 900 };
const db = () => admin.server.app.db;

let metaShop: FixtureSite;
let fileShop: FixtureSite;
let storefront: FixtureSite;

async function vendorNamed(name: string) {
  const [row] = await db()
    .select({ id: t.vendors.id, slug: t.vendors.slug, name: t.vendors.name })
    .from(t.vendors)
    .where(eq(t.vendors.name, name));
  return row!;
}

async function setWebsite(vendorId: string, shop: FixtureSite) {
  await db()
    .update(t.vendors)
    .set({ website: `${shop.baseUrl}/` })
    .where(eq(t.vendors.id, vendorId));
}

/** A browser context (with axe-core) signed in as a fresh account with a confirmed e-mail. */
async function signedInContext(email: string, viewport: { width: number; height: number }) {
  const userId = await createUserWithPassword(admin.server.app, email, `${email}-password`);
  const context = await newVerifiedContext(admin.browser, { viewport });
  await addAxe(context);
  await signInContext(admin.server, context, email, `${email}-password`);
  return { userId, context };
}

async function expectAxeClean(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

/** The claim page's flow: the token shown, put on the shop by `publish`, checked by the page. */
async function claimByShop(
  context: BrowserContext,
  vendor: { slug: string; name: string },
  publish: (token: string) => void,
  button: string,
) {
  const page = await context.newPage();
  await page.goto(`${admin.server.baseUrl}/vendor/${vendor.slug}/claim`);
  await waitForHydration(page);
  await page.getByRole("heading", { name: `Claim ${vendor.name}`, level: 1 }).waitFor();
  await expectAxeClean(page);
  const token = (await page.getByTestId("claim-token").textContent())!.trim();
  expect(token.length).toBeGreaterThan(10);
  publish(token);
  await page.getByRole("button", { name: button }).click();
  await page
    .getByRole("status")
    .filter({ hasText: "Checking your shop for the token…" })
    .waitFor(SETTLE);
  // The shop is read by a background job (done here as the worker would); the page polls it.
  await runNextShopRead(admin.server.app, "vendor-claim");
  await page.getByRole("heading", { name: `Manage ${vendor.name}`, level: 1 }).waitFor(SETTLE);
  expect(new URL(page.url()).pathname).toBe(`/vendor/${vendor.slug}/manage`);
  await waitForHydration(page);
  await expectAxeClean(page);
  return page;
}

async function membership(userId: string) {
  const [row] = await db().select().from(t.vendorMembers).where(eq(t.vendorMembers.userId, userId));
  return row ?? null;
}

beforeAll(async () => {
  await updateSettings(db(), { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  metaShop = await startFixtureSite();
  fileShop = await startFixtureSite();
  storefront = await startFixtureSite();
});
afterAll(async () => {
  await metaShop?.close();
  await fileShop?.close();
  await storefront?.close();
});

describe("claiming a vendor page in the browser", () => {
  it("claims by a meta tag on the shop's home page (1366 px)", async () => {
    const apex = await vendorNamed("Apex Peptide Labs");
    await setWebsite(apex.id, metaShop);
    const { userId, context } = await signedInContext("meta-owner@example.com", DESKTOP);
    await claimByShop(
      context,
      apex,
      (token) =>
        metaShop.setPage(
          "/",
          `<!doctype html><html><head><meta name="${VERIFICATION_META_NAME}" content="${token}"></head><body>Shop</body></html>`,
        ),
      "Check the meta tag",
    );
    expect((await membership(userId))?.grantedVia).toBe("meta");
    await context.close();
  });

  it("claims by the file at its fixed path on the shop (390 px)", async () => {
    const nova = await vendorNamed("NovaChem Research");
    await setWebsite(nova.id, fileShop);
    const { userId, context } = await signedInContext("file-owner@example.com", PHONE);
    await claimByShop(
      context,
      nova,
      (token) => fileShop.setPage(VERIFICATION_FILE_PATH, `# PeptidePrices\n${token}\n`),
      "Check the file",
    );
    expect((await membership(userId))?.grantedVia).toBe("file");
    expect(fileShop.requestsFor(VERIFICATION_FILE_PATH)).toHaveLength(1);
    await context.close();
  });
});

describe("a vendor user's manage page", () => {
  let vertex: { id: string; slug: string; name: string };
  let vendor: BrowserContext;

  beforeAll(async () => {
    vertex = await vendorNamed("Vertex Peptides");
    await setWebsite(vertex.id, storefront);
    const signedIn = await signedInContext("vertex-owner@example.com", DESKTOP);
    // Claiming is the tests above; here the account is granted as an admin would.
    await addVendorMember(db(), { vendorId: vertex.id, userId: signedIn.userId, via: "admin" });
    vendor = signedIn.context;
  });
  afterAll(async () => {
    await vendor?.close();
  });

  async function openManage() {
    const page = await vendor.newPage();
    await page.goto(`${admin.server.baseUrl}/vendor/${vertex.slug}/manage`);
    await waitForHydration(page);
    return page;
  }

  async function openPublic() {
    const context = await newVerifiedContext(admin.browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${admin.server.baseUrl}/vendor/${vertex.slug}`);
    await waitForHydration(page);
    return page;
  }

  it("edits shipping terms, answers a review, and uploads a lab report published on approval", async () => {
    const authorId = await createUserWithPassword(
      admin.server.app,
      "vertex-reviewer@example.com",
      "vertex-reviewer-password",
    );
    const reviewText = "Ordered twice, both parcels arrived within a week and well packed.";
    await db().insert(t.vendorReviews).values({
      vendorId: vertex.id,
      userId: authorId,
      stars: 4,
      text: reviewText,
      status: "approved",
    });
    const page = await openManage();

    await page.getByLabel("Shipping cost", { exact: true }).fill("Flat $12 by tracked post");
    await page.getByLabel("Shipping fee", { exact: true }).fill("12");
    await page.getByRole("button", { name: "Save terms" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Your shipping terms and coupon were saved." })
      .waitFor(SETTLE);
    const [terms] = await db()
      .select({ shippingCost: t.vendors.shippingCost, shippingFee: t.vendors.shippingFee })
      .from(t.vendors)
      .where(eq(t.vendors.id, vertex.id));
    expect(terms).toEqual({ shippingCost: "Flat $12 by tracked post", shippingFee: 12 });

    const reply = "Thank you; we now ship every order the next working day.";
    const reviewForm = page.locator("form").filter({ hasText: reviewText });
    await reviewForm.getByLabel("Your reply").fill(reply);
    await reviewForm.getByRole("button", { name: "Save reply" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Your reply is shown beneath the review." })
      .waitFor(SETTLE);
    const visitor = await openPublic();
    const published = visitor
      .getByTestId("vendor-reviews")
      .locator("li")
      .filter({ hasText: reviewText });
    await published.getByTestId("vendor-reply").filter({ hasText: reply }).waitFor(SETTLE);

    // A size none of the vendor's tests covers: the vendor page shows the latest test of each
    // peptide and size, and the demo's newer Ipamorelin 2 mg test would hide this one.
    const [offer] = await db()
      .select({
        peptideId: t.vendorPeptides.peptideId,
        sizeOptionId: t.vendorPeptides.sizeOptionId,
      })
      .from(t.vendorPeptides)
      .where(
        and(
          eq(t.vendorPeptides.vendorId, vertex.id),
          notExists(
            db()
              .select({ id: t.labTests.id })
              .from(t.labTests)
              .where(
                and(
                  eq(t.labTests.vendorId, t.vendorPeptides.vendorId),
                  eq(t.labTests.peptideId, t.vendorPeptides.peptideId),
                  or(
                    eq(t.labTests.sizeOptionId, t.vendorPeptides.sizeOptionId),
                    eq(t.labTests.coversAllSizes, true),
                  ),
                ),
              ),
          ),
        ),
      )
      .orderBy(t.vendorPeptides.id)
      .limit(1);
    const batch = "VA-BROWSER-LOT-7";
    await page.getByLabel("Peptide", { exact: true }).selectOption(offer!.peptideId);
    await page.getByLabel("Size tested").selectOption(offer!.sizeOptionId);
    await page.getByLabel("Lab", { exact: true }).fill("Janoshik");
    await page.getByLabel("Tested on").fill("2026-01-15");
    await page.getByLabel("Batch / lot").fill(batch);
    await page.getByLabel("Purity (%)").fill("99.2");
    await page.getByLabel("Report (PDF or image)").setInputFiles({
      name: "report.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(
        "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
      ),
    });
    await page.getByRole("button", { name: "Send the lab report" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Thanks, your lab report was sent." })
      .waitFor(SETTLE);
    await page.getByTestId("own-lab-reports").getByText("waiting for an admin").waitFor(SETTLE);
    await visitor.reload();
    await waitForHydration(visitor);
    expect(await visitor.locator("main").textContent()).not.toContain(batch);

    await admin.open("/admin/lab-tests");
    const pending = admin.page.getByTestId("pending-lab-report").filter({ hasText: batch });
    await pending.getByRole("button", { name: "Approve and publish" }).click();
    await admin.toast("Lab report published as a lab test").waitFor(SETTLE);

    await visitor.reload();
    await waitForHydration(visitor);
    await visitor
      .getByTestId("lab-tests")
      .getByText(batch, { exact: false })
      .filter({ visible: true })
      .first()
      .waitFor(SETTLE);
    await page.reload();
    await page.getByTestId("own-lab-reports").getByText("published as a lab test").waitFor(SETTLE);
    await visitor.context().close();
  });

  it("creates an API key whose prices are checked on the storefront; the admin approves the held one", async () => {
    const product = (name: string, price: string) =>
      `<!doctype html><html><head><title>${name}</title><script type="application/ld+json">${JSON.stringify(
        {
          "@context": "https://schema.org",
          "@type": "Product",
          name,
          offers: {
            "@type": "Offer",
            price,
            priceCurrency: "USD",
            availability: "https://schema.org/InStock",
          },
        },
      )}</script></head><body><h1>${name}</h1></body></html>`;
    storefront.setPage("/p/bpc-157-10mg", product("BPC-157 10mg", "41.50"));
    storefront.setPage("/p/tb-500-5mg", product("TB-500 5mg", "30.95"));
    const page = await openManage();

    await page.getByLabel("Key name").fill("price bot");
    await page.getByRole("button", { name: "Create API key" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "API key created. Copy it now: it is shown only once." })
      .waitFor(SETTLE);
    const key = (await page.getByTestId("new-api-key").textContent())!.trim();
    expect(key).toMatch(/^ppk_[0-9a-f]{8}_/);
    await page.reload();
    await waitForHydration(page);
    await page.getByText("price bot", { exact: false }).waitFor();
    expect(await page.getByTestId("new-api-key").count()).toBe(0);
    expect(await page.locator("main").textContent()).not.toContain(key);

    const offer = (peptide: string, size: string, price: number, path: string) => ({
      peptide,
      size,
      price,
      currency: "USD",
      stock: "in_stock",
      url: `${storefront.baseUrl}${path}`,
    });
    const response = await admin.server.fetch("/api/v1/vendor/offers", {
      method: "PUT",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        offers: [
          offer("bpc-157", "10mg", 41.5, "/p/bpc-157-10mg"),
          offer("tb-500", "5mg", 27.25, "/p/tb-500-5mg"),
        ],
      }),
    });
    expect(response.status).toBe(202);
    const { results } = (await response.json()) as {
      results: { status: string; submissionId: string }[];
    };
    expect(results.map((result) => result.status)).toEqual(["pending", "pending"]);
    // The storefront is read by a background job (done here as the worker would).
    expect(await runQueuedShopReads(admin.server.app, "vendor-offers")).toBeGreaterThan(0);
    const submission = async (id: string) => {
      const [row] = await db()
        .select()
        .from(t.vendorOfferSubmissions)
        .where(eq(t.vendorOfferSubmissions.id, id));
      return row!;
    };
    const [agreeing, disagreeing] = results.map((result) => result.submissionId) as [
      string,
      string,
    ];
    expect(await submission(agreeing)).toMatchObject({ status: "live" });
    expect(await submission(disagreeing)).toMatchObject({ status: "held", storefrontPrice: 30.95 });

    await admin.open("/admin/vendor-accounts");
    const held = admin.page
      .getByTestId("held-submission")
      .filter({ hasText: `${vertex.name}: TB-500` });
    await held.getByText("27.25 USD", { exact: false }).waitFor();
    await held.getByText("30.95", { exact: false }).waitFor();
    expect(await held.count()).toBe(1);
    await held.getByRole("button", { name: "Approve" }).click();
    await held.waitFor({ state: "detached", ...SETTLE });
    const approved = await submission(disagreeing);
    expect(approved.status).toBe("approved");
    const [live] = await db()
      .select({ price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .where(
        and(
          eq(t.vendorPeptides.id, approved.vendorPeptideId!),
          eq(t.vendorPeptides.vendorId, vertex.id),
        ),
      );
    expect(live?.price).toBe(27.25);
  });
});
