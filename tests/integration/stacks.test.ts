import { beforeAll, describe, expect, it } from "vitest";

import { getPeptideSizeLabels } from "~/.server/data/stacks.server";
import { quoteStack } from "~/.server/services/stack.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { startCountingDatabase } from "../helpers/query-count";
import { seedSyntheticCatalogue } from "../helpers/synthetic-catalogue";

const database = startCountingDatabase();
const { measure } = database;

beforeAll(async () => {
  await seedSyntheticCatalogue(database.handle.db, 40);
});

const pricing = {
  displayCurrency: "USD",
  rates: {},
  staleAfterMissedRuns: DEFAULT_SETTINGS.staleAfterMissedRuns,
  scrapeIntervalSeconds: DEFAULT_SETTINGS.scrapeIntervalSeconds,
  now: new Date(),
  shipTo: null,
};

describe("a stack costs one query, whatever its length", () => {
  it("prices 1 and 15 lines with the same single query", async () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        peptide: `peptide-${i}`,
        size: i % 2 ? "5mg" : "10mg",
        quantity: 1 + (i % 3),
      }));
    let quote: Awaited<ReturnType<typeof quoteStack>> | undefined;
    expect(await measure(() => quoteStack(database.handle.db, lines(1), pricing))).toBe(1);
    expect(
      await measure(async () => {
        quote = await quoteStack(database.handle.db, lines(15), pricing);
      }),
    ).toBe(1);
    expect(quote?.ok).toBe(true);
    if (!quote?.ok) return;
    expect(quote.result.baskets.flatMap((basket) => basket.items)).toHaveLength(15);
  });

  it("finds the sizes of a page of search results in one query", async () => {
    const ids = (
      await database.handle.executeSql("select id from peptides order by slug limit 20")
    ).rows.map((row) => String(row.id));
    let labels: Record<string, string[]> = {};
    expect(
      await measure(async () => {
        labels = await getPeptideSizeLabels(database.handle.db, ids);
      }),
    ).toBe(1);
    expect(Object.values(labels).every((sizes) => sizes.join() === "5mg,10mg")).toBe(true);
  });
});
