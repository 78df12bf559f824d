import { describe, expect, it } from "vitest";

import { alertActionSchema } from "./price-alerts";

const alert = (fields: Record<string, unknown>) =>
  alertActionSchema.safeParse({
    intent: "save",
    sizeOptionId: "00000000-0000-4000-8000-000000000001",
    mode: "below",
    targetPrice: "10",
    currency: "USD",
    channels: ["email"],
    digest: "immediate",
    ...fields,
  });

describe("price alert form: the target price (issue 37)", () => {
  it("takes a target in whole units of the alert's currency", () => {
    expect(alert({}).success).toBe(true);
    expect(alert({ currency: "JPY", targetPrice: "1200" }).success).toBe(true);
    const yen = alert({ currency: "JPY", targetPrice: "1200.50" });
    expect(!yen.success && yen.error.issues.map((issue) => issue.message)).toEqual([
      "Target price in JPY must be a whole number",
    ]);
  });

  it("refuses what is not a plain price", () => {
    for (const targetPrice of ["0.004", "0x10", "1e2", "0", "-1"]) {
      expect(alert({ targetPrice }).success, targetPrice).toBe(false);
    }
  });
});
