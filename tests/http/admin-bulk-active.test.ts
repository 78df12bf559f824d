/**
 * Bulk Activate / Deactivate over HTTP: only an admin may use it, the admin tables filter on
 * the status through the URL, and what was deactivated leaves the public pages, the sitemap,
 * search and the API at once (the page cache is emptied), until it is activated again.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { peptides, vendorPeptides } from "~/.server/db/schema";

import { startAdminHttp } from "../helpers/admin-http";
import { readHtml } from "../helpers/auth";

const admin = startAdminHttp({
  plainUser: { email: "bulk-user@peptideprices.test", password: "bulk-password" },
});
const { post } = admin;

let selank: string;

beforeAll(async () => {
  const [row] = await admin.server.app.db
    .select({ id: peptides.id })
    .from(peptides)
    .where(eq(peptides.slug, "selank"));
  selank = row!.id;
});

async function get(path: string, cookie?: string) {
  const response = await admin.server.fetch(path, cookie ? { headers: { cookie } } : undefined);
  return { status: response.status, text: await readHtml(response) };
}

/** Where Selank shows on the public side. */
async function publicSelank() {
  const [category, detail, search, suggestions, sitemap, api, offers, catalog] = await Promise.all([
    get("/?category=cognitive"),
    get("/peptide/selank"),
    get("/search?q=selank"),
    get("/search/suggestions?q=selank"),
    get("/sitemap.xml"),
    get("/api/v1/peptides?perPage=100"),
    get("/api/v1/peptides/selank/offers"),
    get("/catalog"),
  ]);
  return {
    home: category.text.includes('href="/peptide/selank"'),
    detail: detail.status,
    search: search.text.includes('href="/peptide/selank"'),
    suggestions: suggestions.text.includes("/peptide/selank"),
    sitemap: sitemap.text.includes("/peptide/selank<"),
    api: api.text.includes('"slug":"selank"'),
    offers: offers.status,
    catalog: catalog.text.includes('href="/peptide/selank"'),
  };
}

const SHOWN = {
  home: true,
  detail: 200,
  search: true,
  suggestions: true,
  sitemap: true,
  api: true,
  offers: 200,
  catalog: true,
};

describe("bulk activate and deactivate over HTTP", () => {
  it("is refused to a signed-in non-admin, changing nothing", async () => {
    const [price] = await admin.server.app.db
      .select({ id: vendorPeptides.id })
      .from(vendorPeptides);
    const asUser = await post(
      "/admin/peptides",
      { intent: "bulk-peptides", operation: "deactivate", ids: selank },
      admin.userCookie,
    );
    expect(asUser.status).toBe(403);
    const pricesAsUser = await post(
      "/admin/prices",
      { intent: "bulk-vendor-prices", operation: "deactivate", ids: price!.id },
      admin.userCookie,
    );
    expect(pricesAsUser.status).toBe(403);
    const [peptide] = await admin.server.app.db
      .select({ active: peptides.active })
      .from(peptides)
      .where(eq(peptides.id, selank));
    const [offer] = await admin.server.app.db
      .select({ active: vendorPeptides.active })
      .from(vendorPeptides)
      .where(eq(vendorPeptides.id, price!.id));
    expect([peptide!.active, offer!.active]).toEqual([true, true]);
  });

  it("a deactivated peptide leaves every public page at once and comes back when activated", async () => {
    expect(await publicSelank()).toEqual(SHOWN);

    const off = await post("/admin/peptides", {
      intent: "bulk-peptides",
      operation: "deactivate",
      ids: selank,
    });
    expect(off.status).toBe(200);
    expect(off.text).toContain("1 peptide deactivated");
    expect(await publicSelank()).toEqual({
      home: false,
      detail: 404,
      search: false,
      suggestions: false,
      sitemap: false,
      api: false,
      offers: 404,
      catalog: false,
    });

    // The admin still lists and filters it.
    const inactive = await get("/admin/peptides?status=inactive", admin.adminCookie);
    expect(inactive.text).toContain('aria-label="Select Selank"');
    expect(inactive.text).toContain(">Inactive<");
    const active = await get("/admin/peptides?status=active", admin.adminCookie);
    expect(active.text).not.toContain('aria-label="Select Selank"');

    const on = await post("/admin/peptides", {
      intent: "bulk-peptides",
      operation: "activate",
      ids: selank,
    });
    expect(on.text).toContain("1 peptide activated");
    expect(await publicSelank()).toEqual(SHOWN);
  });

  it("the vendor-price table filters on the status", async () => {
    const [price] = await admin.server.app.db
      .select({ id: vendorPeptides.id })
      .from(vendorPeptides)
      .where(eq(vendorPeptides.peptideId, selank));
    const off = await post("/admin/prices", {
      intent: "bulk-vendor-prices",
      operation: "deactivate",
      ids: price!.id,
    });
    expect(off.text).toContain("1 vendor price deactivated");
    const inactive = await get("/admin/prices?status=inactive", admin.adminCookie);
    expect(inactive.text.match(/aria-label="Select [^"]+ price for /g)).toHaveLength(1);
    expect(inactive.text).toContain("price for Selank");
  });
});
