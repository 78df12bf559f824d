import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { fixturePageNames, PAGES_DIR, readFixturePage } from "../../../tests/helpers/fixture-pages";
import { extractListings, type Listing, type SourceSelectors } from "./extract.server";

/**
 * The page corpus of tests/fixtures/pages/: shop pages in the markup the platforms emit, each
 * with the offers a person reads off it. A page counts as right when every offer comes back
 * with its name, price, currency and stock, and no other offer does.
 */

const MIN_SHARE = 0.95;

interface TruthListing {
  name: string;
  price: number | null;
  currency: string | null;
  soldOut: boolean;
}

interface Truth {
  origin: string;
  licence: string;
  url: string;
  selectors?: Partial<SourceSelectors>;
  listings: TruthListing[];
}

const NO_SELECTORS: SourceSelectors = {
  productSelector: null,
  nameSelector: null,
  priceSelector: null,
};

/** Names compare without case, spacing or the kind of dash. */
const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[‐‑‒–—-]/g, "-")
    .replace(/\s+/g, " ")
    .trim();

function differences(expected: TruthListing[], actual: Listing[]): string[] {
  const problems: string[] = [];
  const remaining = [...actual];
  for (const want of expected) {
    const index = remaining.findIndex((got) => nameKey(got.name) === nameKey(want.name));
    if (index < 0) {
      problems.push(`missing "${want.name}"`);
      continue;
    }
    const [got] = remaining.splice(index, 1);
    const priceRight =
      want.price === null ? got.price === null : Math.abs((got.price ?? -1) - want.price) < 0.005;
    if (!priceRight) problems.push(`"${want.name}": price ${got.price} instead of ${want.price}`);
    if (got.currency !== want.currency) {
      problems.push(`"${want.name}": currency ${got.currency} instead of ${want.currency}`);
    }
    if (got.soldOut !== want.soldOut) {
      problems.push(`"${want.name}": soldOut ${got.soldOut} instead of ${want.soldOut}`);
    }
  }
  for (const extra of remaining) problems.push(`extra offer "${extra.name}" (${extra.price})`);
  return problems;
}

const pages = fixturePageNames(PAGES_DIR);

describe("extractListings on the page corpus", () => {
  it("holds at least 50 pages, each with its origin, licence and truth", () => {
    expect(pages.length).toBeGreaterThanOrEqual(50);
    for (const page of pages) {
      const truth = JSON.parse(readFileSync(path.join(PAGES_DIR, `${page}.json`), "utf8")) as Truth;
      expect(truth.origin, page).toBeTruthy();
      expect(truth.licence, page).toBeTruthy();
      expect(Array.isArray(truth.listings), page).toBe(true);
    }
  });

  it("reads at least 95% of the pages fully right", () => {
    const wrong: string[] = [];
    for (const page of pages) {
      const truth = JSON.parse(readFileSync(path.join(PAGES_DIR, `${page}.json`), "utf8")) as Truth;
      const html = readFixturePage(PAGES_DIR, page);
      const { listings } = extractListings(
        html,
        { ...NO_SELECTORS, ...truth.selectors },
        truth.url,
      );
      const problems = differences(truth.listings, listings);
      if (problems.length > 0) wrong.push(`${page}: ${problems.join("; ")}`);
    }
    const right = pages.length - wrong.length;
    const share = right / pages.length;
    console.log(
      `extractListings page corpus: ${right}/${pages.length} pages fully right (${(share * 100).toFixed(1)}%)` +
        (wrong.length > 0 ? `\n  ${wrong.join("\n  ")}` : ""),
    );
    expect(share).toBeGreaterThanOrEqual(MIN_SHARE);
  });
});
