import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { grantAdmin } from "~/.server/data/admin-users.server";
import { getDashboard } from "~/.server/data/dashboard.server";
import { createScrapeSource, getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { scrapeSource } from "~/.server/scraper/run.server";
import {
  checkSourcesForStaleness,
  FAILED_RUNS_BEFORE_INCIDENT,
} from "~/.server/scraper/source-health.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import { FIXTURE_PAGES, startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { singlePageSource } from "../helpers/scrape-sources";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

let app: TestApp;
let site: FixtureSite;
let smtp: TestSmtpServer;
const ADMINS = ["ops-one@example.test", "ops-two@example.test"];

beforeAll(async () => {
  smtp = await startSmtpServer();
  site = await startFixtureSite();
  app = await createTestApp({
    SCRAPER_ALLOW_PRIVATE_HOSTS: "true",
    SEED_DEMO: "false",
    SMTP_URL: smtp.url,
  });
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  for (const email of ADMINS) {
    const id = crypto.randomUUID();
    await app.db.insert(t.user).values({ id, name: email, email, emailVerified: true });
    await grantAdmin(app.db, { userId: id, email, addedBy: id });
  }
});
afterAll(async () => {
  await app?.dispose();
  await site?.close();
  await smtp?.close();
});

const healthMails = (retailer: string) =>
  smtp.messages.filter((mail) => mail.subject.endsWith(`: ${retailer}`));

/** A source of the fixture site whose product pages print the name in .title and the price in .cost. */
const healthSource = (fields: { retailerName: string; url: string; vendorId: string | null }) =>
  singlePageSource({ ...fields, nameSelector: ".title", priceSelector: ".cost", isActive: true });

/** A new vendor ("<label> Labs") whose only offer is a scraped price last checked 30 days ago. */
async function vendorWithOneStaleOffer(label: string) {
  const [vendor] = await app.db
    .insert(t.vendors)
    .values({ name: `${label} Labs` })
    .returning({ id: t.vendors.id });
  const [peptide] = await app.db
    .insert(t.peptides)
    .values({ name: `${label} peptide`, slug: `${label.toLowerCase()}-peptide` })
    .returning({ id: t.peptides.id });
  const [size] = await app.db
    .insert(t.sizeOptions)
    .values({ peptideId: peptide!.id, quantity: 5, unit: "mg" })
    .returning({ id: t.sizeOptions.id });
  const [offer] = await app.db
    .insert(t.vendorPeptides)
    .values({
      vendorId: vendor!.id,
      peptideId: peptide!.id,
      sizeOptionId: size!.id,
      price: 10,
      source: "scraped",
      priceCheckedAt: new Date(Date.now() - 30 * 24 * 3_600_000),
    })
    .returning({ id: t.vendorPeptides.id });
  return { vendor: vendor!, offer: offer! };
}

describe("source health", () => {
  it("mails every admin once when a source fails 3 runs in a row, flags it, and mails once when it recovers", async () => {
    const id = await createScrapeSource(
      app.db,
      healthSource({ retailerName: "Flaky shop", url: `${site.baseUrl}/flaky`, vendorId: null }),
    );
    const source = (await getScrapeSource(app.db, id))!;
    const flagged = async () =>
      (await getDashboard(app.db, new Date())).failingSources.rows.find((row) => row.id === id);

    // The page answers 404: every run fails.
    for (let run = 1; run < FAILED_RUNS_BEFORE_INCIDENT; run += 1) {
      expect((await scrapeSource(app, source)).ok).toBe(false);
    }
    expect(healthMails("Flaky shop")).toHaveLength(0);
    expect((await flagged())?.incidentReason ?? null).toBeNull();

    await scrapeSource(app, source);
    const alerts = healthMails("Flaky shop");
    expect(alerts.map((mail) => mail.to).sort()).toEqual(ADMINS.map((email) => [email]));
    expect(alerts[0]!.subject).toBe("Scrape source needs attention: Flaky shop");
    expect(alerts[0]!.body).toContain("failed 3 runs in a row");
    expect((await flagged())?.incidentReason).toMatch(/^failed 3 runs in a row/);

    // A fourth failure is the same incident: no second mail.
    await scrapeSource(app, source);
    expect(healthMails("Flaky shop")).toHaveLength(ADMINS.length);

    site.setPage("/flaky", FIXTURE_PAGES["/css/product"]!);
    expect((await scrapeSource(app, source)).ok).toBe(true);
    const recovered = healthMails("Flaky shop").filter((mail) =>
      mail.subject.startsWith("Scrape source recovered"),
    );
    expect(recovered).toHaveLength(ADMINS.length);
    expect(await flagged()).toBeUndefined();
    // Healthy runs after that send nothing more.
    await scrapeSource(app, source);
    expect(healthMails("Flaky shop")).toHaveLength(2 * ADMINS.length);
  });

  it("mails once when every scraped offer of the source's vendor has gone stale, and once when they are fresh again", async () => {
    const { vendor, offer } = await vendorWithOneStaleOffer("Stale");
    const id = await createScrapeSource(
      app.db,
      healthSource({
        retailerName: "Stale shop",
        url: `${site.baseUrl}/empty`,
        vendorId: vendor.id,
      }),
    );
    const source = (await getScrapeSource(app.db, id))!;

    // The run succeeds but finds nothing: the vendor's only offer stays stale.
    expect((await scrapeSource(app, source)).ok).toBe(true);
    expect(healthMails("Stale shop").map((mail) => mail.subject)).toEqual(
      ADMINS.map(() => "Scrape source needs attention: Stale shop"),
    );
    expect(healthMails("Stale shop")[0]!.body).toContain("all 1 of its offers are stale");
    await scrapeSource(app, source);
    expect(healthMails("Stale shop")).toHaveLength(ADMINS.length);

    await app.db
      .update(t.vendorPeptides)
      .set({ priceCheckedAt: new Date() })
      .where(eq(t.vendorPeptides.id, offer.id));
    await scrapeSource(app, source);
    expect(
      healthMails("Stale shop")
        .slice(ADMINS.length)
        .map((mail) => mail.subject),
    ).toEqual(ADMINS.map(() => "Scrape source recovered: Stale shop"));
  });

  it("raises the stale incident on a timer for a source no run reaches, once", async () => {
    const { vendor } = await vendorWithOneStaleOffer("Unvisited");
    const id = await createScrapeSource(
      app.db,
      healthSource({
        retailerName: "Unvisited shop",
        url: `${site.baseUrl}/never`,
        vendorId: vendor.id,
      }),
    );

    // No run has ever reached it: only the timer can tell.
    await checkSourcesForStaleness(app, new Date());
    await checkSourcesForStaleness(app, new Date());
    expect(healthMails("Unvisited shop").map((mail) => mail.subject)).toEqual(
      ADMINS.map(() => "Scrape source needs attention: Unvisited shop"),
    );
    const flagged = (await getDashboard(app.db, new Date())).failingSources.rows.find(
      (row) => row.id === id,
    );
    expect(flagged?.incidentReason).toMatch(/^all 1 of its offers are stale/);
  });
});
