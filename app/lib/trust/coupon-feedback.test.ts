import { describe, expect, it } from "vitest";

import { formatDate } from "~/lib/format";

import {
  couponHonesty,
  couponVotesLine,
  describeCouponFeedback,
  voteWeek,
} from "./coupon-feedback";

describe("voteWeek", () => {
  it("is the Monday (UTC) of the vote's week", () => {
    expect(voteWeek(new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23"); // a Monday
    expect(voteWeek(new Date("2026-11-29T23:59:59Z"))).toBe("2026-11-23"); // its Sunday
    expect(voteWeek(new Date("2026-11-30T00:00:00Z"))).toBe("2026-11-30");
    expect(voteWeek(new Date("2027-01-01T12:00:00Z"))).toBe("2026-12-28"); // across the year
  });
});

describe("describeCouponFeedback", () => {
  it("says the count and the last confirmation", () => {
    expect(
      describeCouponFeedback(
        { worked: 4, failed: 1, lastConfirmedAt: new Date("2026-11-03T10:00:00Z") },
        formatDate,
      ),
    ).toBe("Worked for 4 of 5 buyers in 90 days · last confirmed Nov 3, 2026");
    expect(
      describeCouponFeedback({ worked: 0, failed: 1, lastConfirmedAt: null }, formatDate),
    ).toBe("Worked for 0 of 1 buyer in 90 days");
    expect(
      describeCouponFeedback({ worked: 0, failed: 0, lastConfirmedAt: null }, formatDate),
    ).toBe("No buyer has rated this code yet");
  });
});

describe("couponHonesty", () => {
  it("is 0 for an expired code, else (worked + 1) / (votes + 1)", () => {
    expect(couponHonesty(null)).toBeNull();
    expect(couponHonesty({ expired: true, worked: 5, failed: 0 })).toBe(0);
    expect(couponHonesty({ expired: false, worked: 0, failed: 0 })).toBe(1);
    expect(couponHonesty({ expired: false, worked: 0, failed: 1 })).toBe(0.5);
    expect(couponHonesty({ expired: false, worked: 3, failed: 0 })).toBe(1);
  });
});

describe("couponVotesLine", () => {
  it("says nothing before any vote", () => {
    expect(couponVotesLine(null, formatDate)).toBeNull();
    expect(couponVotesLine({ worked: 0, failed: 0, lastConfirmedAt: null }, formatDate)).toBeNull();
  });

  it("gives both counts and the last confirmation beside the code", () => {
    expect(
      couponVotesLine(
        { worked: 3, failed: 1, lastConfirmedAt: "2026-11-03T10:00:00.123456+00:00" },
        formatDate,
      ),
    ).toBe("3 worked · 1 didn't · last confirmed Nov 3, 2026");
    expect(couponVotesLine({ worked: 0, failed: 2, lastConfirmedAt: null }, formatDate)).toBe(
      "0 worked · 2 didn't",
    );
  });
});
