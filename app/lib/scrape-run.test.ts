import { describe, expect, it } from "vitest";

import { describeRunProgress, isRunActive, type ScrapeRunView } from "./scrape-run";

const run = (overrides: Partial<ScrapeRunView>): ScrapeRunView => ({
  id: "r",
  status: "running",
  sourceId: null,
  retailerName: null,
  sourcesTotal: 3,
  sourcesDone: 1,
  pagesFetched: 4,
  listingsFound: 12,
  matched: 9,
  sentToReview: 1,
  ok: null,
  message: null,
  result: null,
  ...overrides,
});

describe("describeRunProgress", () => {
  it("names the source being worked on and the counters so far", () => {
    expect(describeRunProgress(run({}))).toBe(
      "Scraping: source 2 of 3; 4 pages fetched, 12 listings found, 9 matched, 1 sent to review.",
    );
  });

  it("says a queued run waits for a worker, naming a single source", () => {
    expect(describeRunProgress(run({ status: "queued", retailerName: "Acme" }))).toBe(
      "Scraping Acme: queued, waiting for a worker…",
    );
  });

  it("never counts past the last source and speaks in the singular for one", () => {
    expect(
      describeRunProgress(
        run({ sourcesDone: 1, sourcesTotal: 1, pagesFetched: 1, listingsFound: 1 }),
      ),
    ).toBe(
      "Scraping: source 1 of 1; 1 page fetched, 1 listing found, 9 matched, 1 sent to review.",
    );
  });

  it("reports a finished run's totals", () => {
    expect(describeRunProgress(run({ status: "succeeded" }))).toMatch(
      /^Scraping finished: 4 pages/,
    );
    expect(isRunActive(run({ status: "succeeded" }))).toBe(false);
    expect(isRunActive(run({ status: "queued" }))).toBe(true);
  });
});
