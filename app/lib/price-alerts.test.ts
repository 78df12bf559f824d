import { describe, expect, it } from "vitest";

import { alertNowText, decideAlert, webhookPayload } from "./price-alerts";

const below = { mode: "below" as const, targetPrice: 50, currency: "USD" };
const change = { mode: "change" as const, targetPrice: null, currency: "USD" };
const restock = { mode: "restock" as const, targetPrice: null, currency: "USD" };

describe("decideAlert", () => {
  it("fires a below-target alert once per crossing, at or below the target", () => {
    const above = { isBelow: false, lastPrice: 60 };
    expect(decideAlert(below, above, 50)).toEqual({
      next: { isBelow: true, lastPrice: 50 },
      notify: true,
    });
    expect(decideAlert(below, { isBelow: true, lastPrice: 50 }, 45).notify).toBe(false);
    expect(decideAlert(below, { isBelow: true, lastPrice: 45 }, 55)).toEqual({
      next: { isBelow: false, lastPrice: 55 },
      notify: false,
    });
    expect(decideAlert(below, above, 50.01).notify).toBe(false);
  });

  it("treats nothing buyable as not below, so coming back below is a crossing", () => {
    const gone = decideAlert(below, { isBelow: true, lastPrice: 40 }, null);
    expect(gone).toEqual({ next: { isBelow: false, lastPrice: null }, notify: false });
    expect(decideAlert(below, gone.next, 40).notify).toBe(true);
  });

  it("fires an any-change alert on a rise and a drop, not on the same price or on nothing buyable", () => {
    const state = { isBelow: false, lastPrice: 60 };
    expect(decideAlert(change, state, 65).notify).toBe(true);
    expect(decideAlert(change, state, 55).notify).toBe(true);
    expect(decideAlert(change, state, 60).notify).toBe(false);
    expect(decideAlert(change, state, null)).toEqual({
      next: { isBelow: false, lastPrice: null },
      notify: false,
    });
    expect(decideAlert(change, { isBelow: false, lastPrice: null }, 60).notify).toBe(true);
  });
});

describe("decideAlert compares money in the currency's minor units", () => {
  it("counts a price that rounds to the target as at the target, and a cent above as above", () => {
    const above = { isBelow: false, lastPrice: 60 };
    // 0.1 + 0.2 is 0.30000000000000004 as a float: the same 30 cents as a 0.3 target.
    const thirty = { mode: "below" as const, targetPrice: 0.3, currency: "USD" };
    expect(decideAlert(thirty, above, 0.1 + 0.2).notify).toBe(true);
    expect(decideAlert(below, above, 50.004).notify).toBe(true);
    expect(decideAlert(below, above, 50.01).notify).toBe(false);
  });

  it("hears no change in a difference smaller than the currency's minor unit", () => {
    const state = { isBelow: false, lastPrice: 0.3 };
    expect(decideAlert(change, state, 0.1 + 0.2).notify).toBe(false);
    expect(decideAlert(change, state, 0.31).notify).toBe(true);
    const yen = { ...change, currency: "JPY" };
    expect(decideAlert(yen, { isBelow: false, lastPrice: 1500 }, 1500.4).notify).toBe(false);
  });
});

describe("decideAlert on a back-in-stock alert", () => {
  it("fires once when nothing buyable becomes buyable, whatever the price", () => {
    const gone = { isBelow: false, lastPrice: null };
    expect(decideAlert(restock, gone, 80)).toEqual({
      next: { isBelow: true, lastPrice: 80 },
      notify: true,
    });
  });

  it("stays quiet while it stays in stock, even when the price moves", () => {
    const inStock = { isBelow: true, lastPrice: 80 };
    expect(decideAlert(restock, inStock, 80)).toEqual({ next: inStock, notify: false });
    expect(decideAlert(restock, inStock, 60)).toEqual({
      next: { isBelow: true, lastPrice: 60 },
      notify: false,
    });
  });

  it("re-arms silently when it goes out of stock, so the next return is news again", () => {
    const gone = decideAlert(restock, { isBelow: true, lastPrice: 80 }, null);
    expect(gone).toEqual({ next: { isBelow: false, lastPrice: null }, notify: false });
    expect(decideAlert(restock, gone.next, null).notify).toBe(false);
    expect(decideAlert(restock, gone.next, 75).notify).toBe(true);
  });

  it("starts a new alert from the stock now: in stock is not news", () => {
    const fresh = { isBelow: false, lastPrice: null };
    const start = decideAlert(restock, fresh, 80).next;
    expect(start.isBelow).toBe(true);
    expect(decideAlert(restock, start, 80).notify).toBe(false);
  });
});

describe("webhookPayload", () => {
  it("carries the message in Discord's, Slack's and ntfy's fields", () => {
    const payload = webhookPayload("Title", ["line 1", "line 2"], "https://example.test/p", []);
    expect(payload.content).toBe("**Title**\nline 1\nline 2\nhttps://example.test/p");
    expect(payload.text).toBe("Title\nline 1\nline 2\nhttps://example.test/p");
    expect(payload.title).toBe("Title");
    expect(payload.message).toBe("line 1\nline 2");
    expect(payload.click).toBe("https://example.test/p");
  });

  it("names the ntfy topic given as ?topic= in the webhook URL", () => {
    const url = "https://ntfy.example/?topic=peptides";
    expect(webhookPayload("T", ["m"], "https://example.test/p", [], url).topic).toBe("peptides");
    expect(
      webhookPayload("T", ["m"], "https://example.test/p", [], "https://x.test/h"),
    ).not.toHaveProperty("topic");
  });

  it("keeps Discord's content within its 2,000 characters", () => {
    const payload = webhookPayload("T", ["x".repeat(5000)], "https://example.test/p", []);
    expect(payload.content.length).toBeLessThanOrEqual(2000);
  });
});

describe("alertNowText", () => {
  it("says the lowest price now, delivered or before shipping, or that none is in stock", () => {
    const alert = { mode: "below" as const, currency: "EUR", includeShipping: true };
    expect(alertNowText({ ...alert, lastPrice: 45.5 })).toBe("Lowest now: €45.50 delivered");
    expect(alertNowText({ ...alert, includeShipping: false, lastPrice: 45.5 })).toBe(
      "Lowest now: €45.50 before shipping",
    );
    expect(alertNowText({ ...alert, lastPrice: null })).toBe("Lowest now: none in stock");
    expect(alertNowText({ ...alert, mode: "restock", includeShipping: false, lastPrice: 12 })).toBe(
      "Now: in stock at €12.00 before shipping",
    );
    expect(alertNowText({ ...alert, mode: "restock", lastPrice: 12 })).toBe(
      "Now: in stock at €12.00 delivered",
    );
  });
});
