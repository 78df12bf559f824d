import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { categoryFilters } from "~/.server/db/schema";

import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.db.delete(categoryFilters);
});
afterAll(async () => {
  await server?.close();
});

/** The home page as rendered now (a cookie keeps the page cache out of it). */
async function home(query = "") {
  const response = await server.fetch(`/${query}`, { headers: { cookie: "fresh=1" } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The detail links of the peptide cards shown, in order. */
function cards(html: string): string[] {
  return [...new Set([...html.matchAll(/href="\/peptide\/([^"?#]+)"/g)].map((m) => m[1]!))];
}

async function setFilters(types: Record<"size" | "vendor" | "price" | "rating", string>) {
  await server.app.db.delete(categoryFilters);
  await server.app.db.insert(categoryFilters).values(
    Object.entries(types).map(([field, type], position) => ({
      name: `${field} filter`,
      field,
      type,
      position,
    })),
  );
  // The home page keeps the filter definitions in the page cache until an admin edit empties it.
  server.app.cache.clear();
}

describe("the admin's filter type picks the home page control", () => {
  it("checkbox: ticks for sizes and vendors, price bands and minimum ratings", async () => {
    await setFilters({
      size: "checkbox",
      vendor: "checkbox",
      price: "checkbox",
      rating: "checkbox",
    });
    const html = await home();
    expect(html).toMatch(/type="checkbox"[^>]*name="size"/);
    expect(html).toMatch(/type="checkbox"[^>]*name="vendor"/);
    expect(html).toMatch(/type="checkbox"[^>]*name="price"[^>]*value="0-25"/);
    expect(html).toMatch(/type="checkbox"[^>]*name="rating"[^>]*value="4.5"/);
  });

  it("radio: one choice each, with Any", async () => {
    await setFilters({ size: "radio", vendor: "radio", price: "radio", rating: "radio" });
    const html = await home();
    for (const name of ["size", "vendor", "price", "rating"]) {
      expect(html).toMatch(new RegExp(`type="radio"[^>]*name="${name}"[^>]*value=""`));
    }
  });

  it("select: a select per filter, starting at Any", async () => {
    await setFilters({ size: "select", vendor: "select", price: "select", rating: "select" });
    const html = await home();
    for (const name of ["size", "vendor", "price", "rating"]) {
      expect(html).toMatch(new RegExp(`<select[^>]*name="${name}"`));
    }
  });

  it("range: sliders for price (minimum and maximum) and rating; names keep their checkboxes", async () => {
    await setFilters({ size: "range", vendor: "range", price: "range", rating: "range" });
    const html = await home();
    expect(html).toMatch(/type="range"[^>]*name="minPrice"/);
    expect(html).toMatch(/type="range"[^>]*name="maxPrice"/);
    expect(html).toMatch(/type="range"[^>]*name="rating"/);
    expect(html).toMatch(/type="checkbox"[^>]*name="size"/);
  });

  it("every control's values filter the grid as the typed bounds do", async () => {
    const all = cards(await home());
    const cheap = cards(await home("?price=0-25"));
    expect(cheap).toEqual(cards(await home("?maxPrice=25")));
    expect(cheap.length).toBeLessThan(all.length);
    // The slider's ends mean "no bound": the same grid as no filter.
    expect(cards(await home("?minPrice=0&maxPrice=500"))).toEqual(all);
    expect(cards(await home("?rating=4.5&rating=3"))).toEqual(cards(await home("?rating=3")));
    const [filter] = await server.app.db
      .select({ id: categoryFilters.id })
      .from(categoryFilters)
      .where(eq(categoryFilters.field, "size"));
    expect(filter).toBeDefined();
  });
});
