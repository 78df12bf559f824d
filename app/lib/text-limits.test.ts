import { describe, expect, it } from "vitest";

import { groupThousands, tooLongMessage } from "./text-limits";

describe("groupThousands", () => {
  it("writes whole numbers as en-US toLocaleString does", () => {
    const values = [0, 7, 64, 999, 1000, 2048, 10_000, 100_000, 999_999, 1_000_000, 123_456_789];
    for (const value of [...values, ...values.filter((v) => v > 0).map((v) => -v)]) {
      expect(groupThousands(value)).toBe(value.toLocaleString("en-US"));
    }
  });

  it("puts the grouped limit in the too-long message", () => {
    expect(tooLongMessage("Notes", 10_000)).toBe("Notes can be at most 10,000 characters");
  });
});
