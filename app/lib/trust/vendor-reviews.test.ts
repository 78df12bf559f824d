import { describe, expect, it } from "vitest";

import { reviewDistribution, vendorReviewSchema } from "./vendor-reviews";

describe("reviewDistribution", () => {
  it("counts reviews per star and rounds the mean to one decimal", () => {
    expect(reviewDistribution([5, 4, 4, 1])).toEqual({
      counts: [1, 0, 0, 2, 1],
      total: 4,
      average: 3.5,
    });
    expect(reviewDistribution([5, 4, 4])).toMatchObject({ average: 4.3 });
    expect(reviewDistribution([])).toEqual({ counts: [0, 0, 0, 0, 0], total: 0, average: null });
  });
});

describe("vendorReviewSchema", () => {
  const text = "Arrived in a week, well packed, exactly what was listed.";
  it("takes 1 to 5 whole stars and 30 to 2,000 characters", () => {
    expect(vendorReviewSchema.parse({ intent: "review", stars: "3", text })).toEqual({
      intent: "review",
      stars: 3,
      text,
    });
    for (const stars of ["0", "6", "2.5", ""]) {
      expect(vendorReviewSchema.safeParse({ intent: "review", stars, text }).success).toBe(false);
    }
    expect(
      vendorReviewSchema.safeParse({ intent: "review", stars: "3", text: "Too short." }).success,
    ).toBe(false);
    expect(
      vendorReviewSchema.safeParse({ intent: "review", stars: "3", text: "x".repeat(2001) })
        .success,
    ).toBe(false);
  });
});
