import { describe, expect, it } from "vitest";

import { formatLastChecked, freshnessWindowMs, isStale, staleBefore } from "./freshness";

const NOW = new Date("2026-03-10T12:00:00Z");
const HOUR = 3_600_000;
const RULE = { staleAfterMissedRuns: 3, scrapeIntervalSeconds: 3600 };
const checkedHoursAgo = (hours: number, missedScrapes = 0) => ({
  priceCheckedAt: new Date(NOW.getTime() - hours * HOUR),
  missedScrapes,
});

describe("the one freshness rule", () => {
  it("gives a price as many scrape intervals as the runs it may miss", () => {
    expect(freshnessWindowMs(RULE)).toBe(3 * HOUR);
    expect(freshnessWindowMs({ staleAfterMissedRuns: 2, scrapeIntervalSeconds: 6 * 3600 })).toBe(
      12 * HOUR,
    );
    expect(staleBefore(RULE, NOW)).toEqual(new Date("2026-03-10T09:00:00Z"));
  });

  it("calls an offer stale once its price is unconfirmed for longer than the window", () => {
    expect(isStale(checkedHoursAgo(0), RULE, NOW)).toBe(false);
    expect(isStale(checkedHoursAgo(3), RULE, NOW)).toBe(false);
    expect(isStale(checkedHoursAgo(3.01), RULE, NOW)).toBe(true);
    // The offer: last checked 32 hours earlier, its missed runs never counted.
    expect(isStale(checkedHoursAgo(32), RULE, NOW)).toBe(true);
  });

  it("calls an offer stale after the runs it may miss, however recent its last confirmation", () => {
    expect(isStale(checkedHoursAgo(0.5, 2), RULE, NOW)).toBe(false);
    expect(isStale(checkedHoursAgo(0.5, 3), RULE, NOW)).toBe(true);
  });

  it("reads ISO strings as the loaders pass them, and never trusts an unreadable time", () => {
    expect(
      isStale({ priceCheckedAt: "2026-03-10T11:00:00.000Z", missedScrapes: 0 }, RULE, NOW),
    ).toBe(false);
    expect(isStale({ priceCheckedAt: "not a date", missedScrapes: 0 }, RULE, NOW)).toBe(true);
  });

  it("says how long a stale price has gone unconfirmed in whole hours, then days", () => {
    expect(formatLastChecked(checkedHoursAgo(32.7).priceCheckedAt, NOW)).toBe(
      "last checked 32 h ago",
    );
    expect(formatLastChecked(checkedHoursAgo(0.2).priceCheckedAt, NOW)).toBe(
      "last checked less than 1 h ago",
    );
    expect(formatLastChecked(checkedHoursAgo(24 * 5 + 3).priceCheckedAt, NOW)).toBe(
      "last checked 5 d ago",
    );
  });
});
