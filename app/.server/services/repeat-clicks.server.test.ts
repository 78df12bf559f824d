import { describe, expect, it } from "vitest";

import { REPEAT_CLICK_WINDOW_MS, RepeatClickFilter } from "./repeat-clicks.server";

const visitor = { address: "203.0.113.7", userAgent: "Mozilla/5.0 Firefox/130.0" };

describe("RepeatClickFilter", () => {
  it("counts a repeat within 30 s once, and again after it", () => {
    let now = 1_000_000;
    const filter = new RepeatClickFilter(() => now);
    expect(filter.isFirst(visitor, "offer-1")).toBe(true);
    now += REPEAT_CLICK_WINDOW_MS - 1;
    expect(filter.isFirst(visitor, "offer-1")).toBe(false);
    now += 1;
    expect(filter.isFirst(visitor, "offer-1")).toBe(true);
  });

  it("tells visitors and targets apart", () => {
    const filter = new RepeatClickFilter(() => 0);
    expect(filter.isFirst(visitor, "offer-1")).toBe(true);
    expect(filter.isFirst(visitor, "offer-2")).toBe(true);
    expect(filter.isFirst({ ...visitor, address: "203.0.113.8" }, "offer-1")).toBe(true);
    expect(filter.isFirst({ ...visitor, userAgent: "Other" }, "offer-1")).toBe(true);
  });

  it("forgets visitors once their window has passed", () => {
    let now = 0;
    const filter = new RepeatClickFilter(() => now);
    filter.isFirst(visitor, "offer-1");
    filter.isFirst(visitor, "offer-2");
    now += REPEAT_CLICK_WINDOW_MS;
    filter.isFirst(visitor, "offer-3");
    expect(filter.size).toBe(1);
  });
});
