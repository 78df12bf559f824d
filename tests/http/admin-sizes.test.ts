import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getAdminSizeOptionPage } from "~/.server/data/size-options.server";
import { peptides, sizeOptions } from "~/.server/db/schema";
import { formatSize } from "~/lib/units";

import { startAdminHttp } from "../helpers/admin-http";

const admin = startAdminHttp();

/** The home page as rendered now (a cookie keeps the page cache out of it). */
async function home() {
  const response = await admin.server.fetch("/", { headers: { cookie: "fresh=1" } });
  expect(response.status).toBe(200);
  return response.text();
}

function deleteSize(id: string) {
  return admin.server.postForm(
    "/admin/categories",
    { intent: "delete-size", id },
    { cookie: admin.adminCookie },
  );
}

async function allSizes() {
  const page = { sort: "prices", dir: "desc", page: 1, pageSize: 1000 } as const;
  return (await getAdminSizeOptionPage(admin.server.app.db, page)).rows;
}

describe("sizes on the admin categories page", () => {
  it("lists every size with its peptide, unit and number of prices", async () => {
    const sizes = await allSizes();
    const used = sizes.find((size) => size.priceCount > 1)!;
    expect(used).toBeDefined();
    // The most used sizes first: the table is paged and sorted on the admin.server.
    const response = await admin.server.fetch("/admin/categories?sizesSort=prices&sizesDir=desc", {
      headers: { cookie: admin.adminCookie },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('aria-labelledby="sizes-heading"');
    expect(html).toContain(used.peptideName);
    expect(html).toContain(
      `Delete size ${used.peptideName} ${formatSize(used.quantity, used.unit, used.unitLabel)}`,
    );
  });

  it("refuses to delete a size while prices use it, saying how many", async () => {
    const sizes = await allSizes();
    const used = sizes.find((size) => size.priceCount > 1)!;
    const response = await deleteSize(used.id);
    expect(response.status).toBe(409);
    const label = formatSize(used.quantity, used.unit, used.unitLabel);
    expect(await response.text()).toContain(`${label} is used by ${used.priceCount} prices`);
    const [still] = await admin.server.app.db
      .select({ id: sizeOptions.id })
      .from(sizeOptions)
      .where(eq(sizeOptions.id, used.id));
    expect(still).toBeDefined();
  });

  it("deletes an unused size to the trash, and the home card stops showing it", async () => {
    const firstCard = (await home()).match(/href="\/peptide\/([^"?#]+)"/)![1]!;
    const [peptide] = await admin.server.app.db
      .select({ id: peptides.id, name: peptides.name })
      .from(peptides)
      .where(eq(peptides.slug, firstCard));
    const [size] = await admin.server.app.db
      .insert(sizeOptions)
      .values({ peptideId: peptide!.id, quantity: 7, unit: "other", unitLabel: "vial" })
      .returning({ id: sizeOptions.id });
    admin.server.app.cache.clear();
    const sizeButton = />7 vial</;
    expect(await home()).toMatch(sizeButton);

    const response = await deleteSize(size!.id);
    expect(response.status).toBe(200);
    const result = (await response.text()) as string;
    expect(result).toContain(`Size 7 vial deleted`);
    expect(result).toContain("trashBatchId");
    expect(await home()).not.toMatch(sizeButton);
    const sizes = await allSizes();
    expect(sizes.map((row) => row.id)).not.toContain(size!.id);
  });
});
