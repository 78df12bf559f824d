import { describe, expect, it } from "vitest";

import { createPageCache } from "./page-cache.server";

describe("page cache", () => {
  it("loads once while fresh and again after clear()", async () => {
    const cache = createPageCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    cache.clear();
    expect(await cache.get("k", load)).toBe(2);
  });

  it("expires entries after their time to live", async () => {
    const cache = createPageCache(0);
    let loads = 0;
    await cache.get("k", async () => ++loads);
    await cache.get("k", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const cache = createPageCache(60_000);
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });
});
