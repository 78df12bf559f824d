import { describe, expect, it } from "vitest";

import { isShopReadPending } from "./shop-reads";

describe("isShopReadPending", () => {
  it("is true while the read waits for a worker or runs, false once it ended", () => {
    expect(isShopReadPending({ status: "queued" })).toBe(true);
    expect(isShopReadPending({ status: "running" })).toBe(true);
    expect(isShopReadPending({ status: "succeeded" })).toBe(false);
    expect(isShopReadPending({ status: "failed" })).toBe(false);
  });
});
