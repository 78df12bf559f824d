import { describe, expect, it } from "vitest";

import type { DisplayPrices } from "./pricing";
import {
  changeSinceSaved,
  cheaperElsewhereText,
  dealHistoryText,
  findCheaperElsewhere,
  sparklinePoints,
} from "./saved-deals";

function offer(
  vendorId: string,
  total: number | null,
  { buyable = true, vials = 1, afterCoupon = total ?? 30, labWarning = null as object | null } = {},
) {
  const display: DisplayPrices = {
    currency: "USD",
    converted: false,
    price: afterCoupon,
    priceAfterCoupon: afterCoupon,
    perVial: afterCoupon / vials,
    perMg: afterCoupon / (5 * vials),
    shipping: total === null ? null : total - afterCoupon,
    total,
    totalPerVial: total === null ? null : total / vials,
    totalPerMg: total === null ? null : total / (5 * vials),
  };
  return {
    vendorId,
    vendorName: `Vendor ${vendorId}`,
    vials,
    buyable,
    shipsToDestination: true as boolean | null,
    display,
    labWarning,
  };
}

const EXCLUDE_FAILED = { includeFailedLabOffers: false };

describe("findCheaperElsewhere", () => {
  it("never names an offer whose size failed its lab test, as Best Price does not", () => {
    const saved = offer("a", 40);
    const failed = offer("b", 30, { labWarning: { testId: "t" } });
    expect(findCheaperElsewhere(saved, [saved, failed], EXCLUDE_FAILED)).toBeNull();
    // The buyer who includes failed offers in Best Price is told of it.
    expect(
      findCheaperElsewhere(saved, [saved, failed], { includeFailedLabOffers: true })?.vendorName,
    ).toBe("Vendor b");
  });

  it("names the lowest other vendor when its delivered total is lower", () => {
    const saved = offer("a", 40);
    const cheaper = findCheaperElsewhere(
      saved,
      [saved, offer("b", 38), offer("c", 35.5)],
      EXCLUDE_FAILED,
    );
    expect(cheaper).toEqual({
      vendorName: "Vendor c",
      amount: 35.5,
      currency: "USD",
      shippingStated: true,
    });
    expect(cheaperElsewhereText(cheaper!)).toBe("cheaper elsewhere now: Vendor c at $35.50");
  });

  it("says nothing when the saved offer is the lowest, or only the same vendor is lower", () => {
    const saved = offer("a", 40);
    expect(
      findCheaperElsewhere(saved, [saved, offer("b", 40), offer("c", 41)], EXCLUDE_FAILED),
    ).toBeNull();
    expect(
      findCheaperElsewhere(saved, [saved, offer("a", 20, { vials: 1 })], EXCLUDE_FAILED),
    ).toBeNull();
  });

  it("never names an offer one cannot buy, nor another pack", () => {
    const saved = offer("a", 40);
    expect(
      findCheaperElsewhere(
        saved,
        [offer("b", 10, { buyable: false }), offer("c", 90, { vials: 5 })],
        EXCLUDE_FAILED,
      ),
    ).toBeNull();
  });

  it("names any buyable offer when the saved one cannot be bought", () => {
    const saved = offer("a", 30, { buyable: false });
    expect(findCheaperElsewhere(saved, [saved, offer("b", 45)], EXCLUDE_FAILED)?.vendorName).toBe(
      "Vendor b",
    );
  });

  it("ranks a known total before an unknown one of the same amount", () => {
    const saved = offer("a", null, { afterCoupon: 40 });
    const cheaper = findCheaperElsewhere(saved, [saved, offer("b", 40)], EXCLUDE_FAILED);
    expect(cheaper?.vendorName).toBe("Vendor b");
    const unknown = findCheaperElsewhere(
      offer("a", 50),
      [offer("b", null, { afterCoupon: 30 })],
      EXCLUDE_FAILED,
    );
    expect(cheaperElsewhereText(unknown!)).toBe(
      "cheaper elsewhere now: Vendor b at $30.00 + shipping (not stated)",
    );
  });
});

describe("changeSinceSaved", () => {
  const saved = {
    priceAtSave: 40.46,
    currency: "USD",
    totalAtSave: 45.46,
    totalCurrencyAtSave: "EUR",
  };

  it("is the delivered total now minus when saved, in the currency it was saved in", () => {
    expect(changeSinceSaved(saved, { priceAfterCoupon: 38.1 }, 44.1)).toEqual({
      amount: -1.36,
      currency: "EUR",
      delivered: true,
    });
    expect(changeSinceSaved(saved, null, 44.1)).toBeNull();
  });

  it("falls back to the price after coupon, and says so, without a delivered total", () => {
    const fallback = { amount: -2.36, currency: "USD", delivered: false };
    expect(changeSinceSaved(saved, { priceAfterCoupon: 38.1 }, null)).toEqual(fallback);
    const noTotalThen = { ...saved, totalAtSave: null, totalCurrencyAtSave: null };
    expect(changeSinceSaved(noTotalThen, { priceAfterCoupon: 38.1 }, 44.1)).toEqual(fallback);
  });
});

describe("the saved deal's sparkline", () => {
  const DAY = 86_400_000;
  const history = {
    currency: "USD",
    days: 30,
    points: [
      { t: 0, price: 40 },
      { t: 10 * DAY, price: 35.5 },
      { t: 20 * DAY, price: 42.25 },
    ],
  };

  it("says the lowest and highest price of the window", () => {
    expect(dealHistoryText(history)).toBe("lowest $35.50, highest $42.25 over 30 days");
  });

  it("says a history of one price is one price, not a range over 30 days", () => {
    expect(
      dealHistoryText({ currency: "USD", days: 30, points: [{ t: Date.now(), price: 19.5 }] }),
    ).toBe("one price so far: $19.50");
  });

  it("draws each price held until the next, lowest at the bottom, to the right edge", () => {
    const box = { width: 120, height: 30, from: 0, to: 30 * DAY };
    expect(sparklinePoints(history, box)).toBe("0,10 40,10 40,30 80,30 80,0 120,0");
    const flat = { ...history, points: [{ t: 0, price: 10 }] };
    expect(sparklinePoints(flat, box)).toBe("0,15 120,15");
  });
});
