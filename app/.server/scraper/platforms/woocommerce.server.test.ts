import { describe, expect, it } from "vitest";

import { fromMinorUnits } from "./woocommerce.server";

describe("fromMinorUnits", () => {
  it("shifts the decimal point by currency_minor_unit", () => {
    expect(fromMinorUnits("2450", 2)).toBe(24.5);
    expect(fromMinorUnits("4500", 0)).toBe(4500);
    expect(fromMinorUnits("13275", 3)).toBe(13.275);
  });

  it("reads no price from an empty, zero or non-numeric amount", () => {
    expect(fromMinorUnits("", 2)).toBeNull();
    expect(fromMinorUnits("0", 2)).toBeNull();
    expect(fromMinorUnits("12.50", 2)).toBeNull();
    expect(fromMinorUnits(null, 2)).toBeNull();
  });
});
