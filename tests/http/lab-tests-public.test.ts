/**
 * The public side of lab tests (issue 23 Must 1) as the server renders it, without JavaScript:
 * the "Tested" badge on exactly the offers whose pair the database calls Tested, ?tested=1
 * leaving only those, and the "Lab tests" sections with their failures.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  getPageLabTests,
  listLabTestsForPeptide,
  listLabTestsForVendor,
} from "~/.server/data/lab-tests.server";
import * as t from "~/.server/db/schema";

import { offerBadgesOf } from "../helpers/lab-tests";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function html(path: string): Promise<string> {
  const response = await server.fetch(path);
  expect(response.status).toBe(200);
  return response.text();
}

/** The offer rows of a rendered table: their offer id and whether they carry the badge. */
function offerRows(page: string, rowTestId: string) {
  return page
    .split(`data-testid="${rowTestId}"`)
    .slice(1)
    .map((chunk) => {
      const row = chunk.split("</tr>")[0]!;
      return {
        id: /data-offer="([^"]+)"/.exec(row)![1]!,
        tested: row.includes("data-tested-badge"),
      };
    });
}

/** The ids of a peptide's offers whose vendor–peptide pair is Tested, per the database. */
async function testedOfferIds(peptideSlug: string): Promise<{ all: string[]; tested: string[] }> {
  const { all, badges } = await offerBadgesOf(server.app.db, peptideSlug);
  return { all, tested: [...badges.keys()] };
}

describe("Tested badge and ?tested=1", () => {
  it("badges exactly the Tested offers of a peptide page", async () => {
    const expected = await testedOfferIds("tb-500");
    expect(expected.tested.length).toBeGreaterThan(0);
    const rows = offerRows(await html("/peptide/tb-500"), "price-row");
    expect(rows.length).toBeGreaterThan(expected.tested.length);
    expect(
      rows
        .filter((row) => row.tested)
        .map((row) => row.id)
        .sort(),
    ).toEqual(expected.tested.filter((id) => rows.some((row) => row.id === id)).sort());
  });

  it("renders only the Tested offers with ?tested=1, the switch on and the others counted", async () => {
    const expected = await testedOfferIds("tb-500");
    const all = offerRows(await html("/peptide/tb-500"), "price-row");
    const page = await html("/peptide/tb-500?tested=1");
    const rows = offerRows(page, "price-row");
    expect(rows.map((row) => row.id).sort()).toEqual(
      all
        .filter((row) => expected.tested.includes(row.id))
        .map((row) => row.id)
        .sort(),
    );
    expect(rows.every((row) => row.tested)).toBe(true);
    expect(page).toMatch(/role="switch" aria-checked="true"[^>]*>.*?Tested only/);
    const hidden = all.length - rows.length;
    expect(page).toContain(
      `${hidden}<!-- --> <!-- -->${hidden === 1 ? "offer" : "offers"} without a passing lab test<!-- --> hidden.`,
    );
  });

  it("leaves no offer for a peptide without a Tested pair, and says so", async () => {
    const expected = await testedOfferIds("semax");
    expect(expected.tested).toEqual([]);
    const page = await html("/peptide/semax?tested=1");
    expect(offerRows(page, "price-row")).toEqual([]);
    expect(page).toContain("No offer here has a passing lab test right now.");
  });

  it("badges a vendor page's Tested offers and the compare page's", async () => {
    const expected = await testedOfferIds("bpc-157");
    const vendorRows = offerRows(await html("/vendor/apex-peptide-labs"), "vendor-offer-row");
    const bpcRows = vendorRows.filter((row) => expected.all.includes(row.id));
    expect(bpcRows.length).toBeGreaterThan(0);
    expect(bpcRows.every((row) => row.tested)).toBe(true);
    expect(vendorRows.filter((row) => !expected.all.includes(row.id)).some((r) => r.tested)).toBe(
      false,
    );
    const compareRows = offerRows(await html("/compare?peptide=bpc-157&tested=1"), "compare-row");
    expect(compareRows.length).toBeGreaterThan(0);
    expect(compareRows.every((row) => expected.tested.includes(row.id))).toBe(true);
  });
});

describe("Lab tests sections", () => {
  it("reads a page's tests as the separate reads give them", async () => {
    const db = server.app.db;
    const [bpc] = await db
      .select({ id: t.peptides.id })
      .from(t.peptides)
      .where(eq(t.peptides.slug, "bpc-157"));
    const forPeptide = await getPageLabTests(db, { peptideSlug: "bpc-157" });
    expect(forPeptide.tests).toEqual(await listLabTestsForPeptide(db, bpc!.id));
    for (const vendor of await db.select({ id: t.vendors.id }).from(t.vendors)) {
      const forVendor = await getPageLabTests(db, { vendorId: vendor.id });
      expect(forVendor.tests).toEqual(await listLabTestsForVendor(db, vendor.id));
    }
  });

  it("shows a failed test as failed on the peptide page, beside the passing ones", async () => {
    const page = await html("/peptide/bpc-157");
    const section = page.split('data-testid="lab-tests"')[1]!.split("</section>")[0]!;
    expect(section).toContain("Lab tests");
    expect(section).toContain("Meridian Biolabs");
    expect(section).toMatch(/data-lab-result="failed"[^>]*>Failed</);
    expect(section).toMatch(/data-lab-result="passed"[^>]*>Passed</);
  });

  it("says when a vendor has no lab tests", async () => {
    const db = server.app.db;
    const tested = new Set(
      (await db.select({ vendorId: t.labTests.vendorId }).from(t.labTests)).map((r) => r.vendorId),
    );
    const untested = (await db.select({ id: t.vendors.id, slug: t.vendors.slug }).from(t.vendors))
      .filter((vendor) => !tested.has(vendor.id))
      .at(0);
    expect(untested).toBeDefined();
    const page = await html(`/vendor/${untested!.slug}`);
    expect(page).toContain("No independent lab tests recorded yet.");
  });
});
