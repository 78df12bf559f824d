/**
 * Every money column of the price table in the display currency, with the amount the vendor
 * listed on hover (issue 32 Must 7): Price, Shipping, Total and Per mg of an offer in dollars,
 * seen by a visitor who chose euros, each carry "from $…" in their title.
 */
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { upsertOffer } from "~/.server/data/vendor-peptides.server";
import { peptides, sizeOptions, vendors } from "~/.server/db/schema";
import { DISPLAY_CURRENCY_COOKIE } from "~/lib/money";

import { readHtml } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
const slug = `hover-originals-${crypto.randomUUID().slice(0, 8)}`;
const vendorName = `Dollar Shipping ${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.app;
  const [peptide] = await db
    .insert(peptides)
    .values({ name: `Hover Originals ${slug}`, slug })
    .returning({ id: peptides.id });
  const [size] = await db
    .insert(sizeOptions)
    .values({ peptideId: peptide!.id, quantity: 10, unit: "mg" })
    .returning({ id: sizeOptions.id });
  const [vendor] = await db
    .insert(vendors)
    .values({ name: vendorName, currency: "USD", shippingFee: 12.4 })
    .returning({ id: vendors.id });
  await upsertOffer(db, {
    vendorId: vendor!.id,
    peptideId: peptide!.id,
    sizeOptionId: size!.id,
    price: 40,
    currency: "USD",
    soldOut: false,
    source: "manual",
  });
});
afterAll(async () => {
  await server?.close();
});

/** The titles inside one cell of the vendor's row (by the cell's data-label). */
function titlesIn(html: string, label: string): string[] {
  const $ = cheerio.load(html);
  const row = $("table.offer-table tbody tr").filter((_, tr) => $(tr).text().includes(vendorName));
  expect(row.length, "the vendor's row").toBe(1);
  const cell = row.find(`td[data-label="${label}"]`);
  expect(cell.length, `the ${label} cell`).toBe(1);
  return cell
    .find("[title]")
    .map((_, element) => $(element).attr("title"))
    .get();
}

describe("money columns in another display currency", () => {
  it("carry the vendor's own amount on each of Price, Shipping, Total and Per mg", async () => {
    const response = await server.fetch(`/peptide/${slug}`, {
      headers: { cookie: `${DISPLAY_CURRENCY_COOKIE}=EUR` },
    });
    expect(response.status).toBe(200);
    const html = await readHtml(response);
    expect(titlesIn(html, "Price")).toEqual(["from $40.00"]);
    expect(titlesIn(html, "Shipping")).toEqual(["from $12.40"]);
    expect(titlesIn(html, "Total")).toEqual(["from $52.40"]);
    // Per mg delivered (52.40 / 10 mg), then before shipping (40 / 10 mg).
    expect(titlesIn(html, "Per mg, delivered")).toEqual(["from $5.24", "from $4.00"]);
  });

  it("carry none when the display currency is the vendor's", async () => {
    const html = await readHtml(await server.fetch(`/peptide/${slug}`));
    for (const label of ["Price", "Shipping", "Total", "Per mg, delivered"]) {
      expect(titlesIn(html, label), label).toEqual([]);
    }
  });
});
