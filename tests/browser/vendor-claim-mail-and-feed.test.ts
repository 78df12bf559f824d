import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addVendorMember } from "~/.server/data/vendor-accounts.server";
import { getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { scrapeSource } from "~/.server/scraper/run.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";
import { VENDOR_SUPPLIED_LABEL } from "~/lib/vendor-accounts";

import { startAdminBrowser } from "../helpers/admin-browser";
import { createUserWithPassword } from "../helpers/auth";
import { addAxe, seriousAxeFindings } from "../helpers/axe";
import { newVerifiedContext, signInContext, waitForHydration } from "../helpers/browser";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { SETTLE } from "../helpers/public-browser";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

/**
 * Issue 33 Must 4 and 5 in a browser, continued (vendor-accounts.test.ts has the meta tag, the
 * file and the API key): a user claims a vendor page by a link mailed to the shop's domain,
 * read from the local SMTP server; and a vendor's product feed, served by a local shop, has
 * its price held with both values for the admin while the storefront disagrees, and live,
 * marked vendor-supplied, once the storefront says the same.
 */

// The server is started by startAdminBrowser's hook with this environment; the SMTP server's
// address is only known once it listens, in the hook registered (so run) before that one.
const serverEnv: Record<string, string> = { SCRAPER_ALLOW_PRIVATE_HOSTS: "true" };
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  serverEnv.SMTP_URL = smtp.url;
});
const admin = startAdminBrowser({ serverEnv });
const DESKTOP = { width: 1366, height: 900 };
const db = () => admin.server.app.db;

let shop: FixtureSite;

beforeAll(async () => {
  await updateSettings(db(), { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  shop = await startFixtureSite();
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

async function vendorNamed(name: string) {
  const [row] = await db()
    .select({ id: t.vendors.id, slug: t.vendors.slug, name: t.vendors.name })
    .from(t.vendors)
    .where(eq(t.vendors.name, name));
  return row!;
}

/** A browser context (with axe-core) signed in as a fresh account with a confirmed e-mail. */
async function signedInContext(email: string) {
  const userId = await createUserWithPassword(admin.server.app, email, `${email}-password`);
  const context = await newVerifiedContext(admin.browser, { viewport: DESKTOP });
  await addAxe(context);
  await signInContext(admin.server, context, email, `${email}-password`);
  return { userId, context };
}

describe("claiming a vendor page by e-mail", () => {
  it("mails a link to the shop's domain that the account confirms in the browser", async () => {
    const vertex = await vendorNamed("Vertex Peptides");
    await db()
      .update(t.vendors)
      .set({ website: "https://www.vertex-peptides.example/" })
      .where(eq(t.vendors.id, vertex.id));
    const { userId, context } = await signedInContext("mail-owner@example.com");
    const page = await context.newPage();
    await page.goto(`${admin.server.baseUrl}/vendor/${vertex.slug}/claim`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: `Claim ${vertex.name}`, level: 1 }).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);

    const address = "sales@vertex-peptides.example";
    await page.getByLabel(/get a link at an address of the shop/).fill(address);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `A confirmation link was sent to ${address}.` })
      .waitFor(SETTLE);
    const mail = await smtp.waitForMessage((message) => message.to.includes(address));
    expect(mail.subject).toBe(`Confirm that you speak for ${vertex.name} on PeptidePrices`);
    expect(mail.body).toContain("mail-owner@example.com");
    const link = new URL(/https?:\/\/\S+\/claim\?token=\S+/.exec(mail.body)![0]);
    expect(link.pathname).toBe(`/vendor/${vertex.slug}/claim`);
    const [before] = await db()
      .select()
      .from(t.vendorMembers)
      .where(eq(t.vendorMembers.userId, userId));
    expect(before).toBeUndefined();

    await page.goto(`${admin.server.baseUrl}${link.pathname}${link.search}`);
    await page.getByRole("heading", { name: `Manage ${vertex.name}`, level: 1 }).waitFor(SETTLE);
    expect(new URL(page.url()).pathname).toBe(`/vendor/${vertex.slug}/manage`);
    const [member] = await db()
      .select({ vendorId: t.vendorMembers.vendorId, via: t.vendorMembers.grantedVia })
      .from(t.vendorMembers)
      .where(eq(t.vendorMembers.userId, userId));
    expect(member).toEqual({ vendorId: vertex.id, via: "email" });
    await context.close();
  });
});

describe("a vendor's product feed", () => {
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
  const feed = (price: string) =>
    `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>bpc10</g:id><g:title>BPC-157 10mg</g:title><g:link>${shop.baseUrl}/p/bpc-157-10mg</g:link><g:price>${price} USD</g:price><g:availability>in stock</g:availability></item></channel></rss>`;

  it("is held with both prices for the admin until the storefront agrees, then goes live vendor-supplied", async () => {
    const apex = await vendorNamed("Apex Peptide Labs");
    await db()
      .update(t.vendors)
      .set({ website: `${shop.baseUrl}/` })
      .where(eq(t.vendors.id, apex.id));
    const [offer] = await db()
      .select({ id: t.vendorPeptides.id, price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
      .innerJoin(t.peptides, eq(t.peptides.id, t.sizeOptions.peptideId))
      .where(
        and(
          eq(t.vendorPeptides.vendorId, apex.id),
          eq(t.peptides.slug, "bpc-157"),
          eq(t.sizeOptions.quantity, 10),
          eq(t.vendorPeptides.vials, 1),
        ),
      );
    // A tenth off what the storefront shows today: the vendor's new price, not an outlier.
    const scraped = offer!.price;
    const submitted = Math.round(scraped * 90) / 100;
    const shown = (value: number) => value.toFixed(2);
    shop.setPage("/p/bpc-157-10mg", product("BPC-157 10mg", shown(scraped)));
    shop.setPage("/merchant-feed.xml", feed(shown(submitted)));

    const { userId, context } = await signedInContext("feed-owner@example.com");
    await addVendorMember(db(), { vendorId: apex.id, userId, via: "admin" });
    const page = await context.newPage();
    await page.goto(`${admin.server.baseUrl}/vendor/${apex.slug}/manage`);
    await waitForHydration(page);
    await page
      .getByLabel("Google Merchant feed URL (XML or TSV)")
      .fill(`${shop.baseUrl}/merchant-feed.xml`);
    await page.getByRole("button", { name: "Save feed" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Your feed is read on the schedule" })
      .waitFor(SETTLE);

    // The schedule's run of the feed source (done here as the worker would).
    const [source] = await db()
      .select({ id: t.scrapeSources.id })
      .from(t.scrapeSources)
      .where(and(eq(t.scrapeSources.vendorId, apex.id), eq(t.scrapeSources.kind, "merchant_feed")));
    const run = async () => {
      const result = await scrapeSource(
        admin.server.app,
        (await getScrapeSource(db(), source!.id))!,
      );
      expect(result.ok).toBe(true);
    };
    await run();
    expect(shop.requestsFor("/p/bpc-157-10mg").length).toBeGreaterThanOrEqual(1);
    const livePrice = async () => {
      const [row] = await db()
        .select({ price: t.vendorPeptides.price, suppliedAt: t.vendorPeptides.vendorSuppliedAt })
        .from(t.vendorPeptides)
        .where(eq(t.vendorPeptides.id, offer!.id));
      return row!;
    };
    expect(await livePrice()).toEqual({ price: scraped, suppliedAt: null });

    await page.reload();
    await waitForHydration(page);
    await page
      .getByRole("region", { name: "Submitted prices" })
      .getByText(`${submitted} USD — held`, { exact: false })
      .waitFor(SETTLE);

    await admin.open("/admin/vendor-accounts");
    const held = admin.page
      .getByTestId("held-submission")
      .filter({ hasText: `${apex.name}: BPC-157` });
    expect(await held.count()).toBe(1);
    // The vendor's price, the storefront's and the live one side by side.
    const cells = held.locator("td");
    await cells.nth(1).getByText(`${submitted} USD`, { exact: false }).waitFor();
    await cells.nth(2).getByText(String(scraped), { exact: false }).waitFor();
    await cells.nth(3).getByText(String(scraped), { exact: false }).waitFor();

    // The storefront now shows the vendor's price: the next run puts it live, vendor-supplied.
    shop.setPage("/p/bpc-157-10mg", product("BPC-157 10mg", shown(submitted)));
    await run();
    const live = await livePrice();
    expect(live.price).toBe(submitted);
    expect(live.suppliedAt).not.toBeNull();
    await page.goto(`${admin.server.baseUrl}/peptide/bpc-157?size=10mg`);
    await waitForHydration(page);
    const row = page
      .locator("tr")
      .filter({ hasText: apex.name })
      .filter({ hasText: VENDOR_SUPPLIED_LABEL });
    await row
      .getByTestId("price")
      .filter({ hasText: shown(submitted) })
      .first()
      .waitFor(SETTLE);
    await context.close();
  });
});
