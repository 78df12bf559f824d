import { describe, expect, it } from "vitest";

import { startAdminHttp } from "../helpers/admin-http";
import { readHtml } from "../helpers/auth";

const admin = startAdminHttp();

async function page(search: string) {
  const response = await admin.server.fetch(`/admin/categories${search}`, {
    headers: { cookie: admin.adminCookie },
  });
  expect(response.status).toBe(200);
  return readHtml(response);
}

/** The first cell of each row of the table whose pager is named "`label` pages". */
function tableRows(html: string, label: string): string[] {
  const start = html.indexOf(`aria-label="${label} pages"`);
  const table = html.slice(0, start);
  const body = table.slice(table.lastIndexOf("<tbody"));
  return [...body.matchAll(/<tr[^>]*>\s*<td[^>]*>([\s\S]*?)<\/td>/g)].map((match) =>
    match[1]!.replace(/<[^>]+>/g, "").trim(),
  );
}

describe("searching the categories and sizes tables", () => {
  it("finds categories by name or description, with the count of matches", async () => {
    expect(tableRows(await page("?q=metab"), "Categories")).toEqual(["Metabolic"]);
    expect(tableRows(await page("?q=nootropic"), "Categories")).toEqual(["Cognitive"]);
    const none = await page("?q=nothing-like-it");
    expect(none).toContain("No categories yet.");
    expect(none).toContain("0 rows");
  });

  it("finds sizes by peptide or by size however it is typed, keeping the categories' page", async () => {
    for (const search of ["?sizesQ=ghk", "?sizesQ=GHK-Cu%2050mg"]) {
      const rows = tableRows(await page(search), "Sizes");
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toBe("GHK-Cu");
    }
    const html = await page("?sizesQ=50%20mg&q=metab&size=25");
    const sizes = tableRows(html, "Sizes");
    expect(sizes).toContain("GHK-Cu");
    expect(sizes).toContain("Epitalon");
    expect(sizes).not.toContain("BPC-157");
    expect(tableRows(html, "Categories")).toEqual(["Metabolic"]);
  });

  it("treats LIKE wildcards typed into the box as text", async () => {
    expect(tableRows(await page("?q=%25"), "Categories")).toEqual(["No categories yet."]);
    expect(tableRows(await page("?sizesQ=_"), "Sizes")).toEqual(["No sizes yet."]);
  });
});
