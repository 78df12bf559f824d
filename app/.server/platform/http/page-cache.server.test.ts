import { describe, expect, it } from "vitest";

import { createPageCache, type RenderedPage } from "./page-cache.server";

function renderedPage(body: string, storedAt = Date.now()): RenderedPage {
  return {
    status: 200,
    headers: [["content-type", "text/html"]],
    body: Buffer.from(body),
    storedAt,
  };
}

describe("page cache: data", () => {
  it("loads once while fresh and again after clear()", async () => {
    const cache = createPageCache({ dataTtlMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    cache.clear();
    expect(await cache.get("k", load)).toBe(2);
  });

  it("expires entries after their time to live", async () => {
    const cache = createPageCache({ dataTtlMs: 0 });
    let loads = 0;
    await cache.get("k", async () => ++loads);
    await cache.get("k", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const cache = createPageCache({ dataTtlMs: 60_000 });
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });
});

describe("page cache: rendered pages", () => {
  it("keeps a page by URL until clear()", () => {
    const cache = createPageCache();
    cache.pages.write("/", renderedPage("home"), cache.pages.version());
    expect(cache.pages.read("/")?.body.toString()).toBe("home");
    expect(cache.pages.read("/?page=2")).toBeUndefined();
    cache.clear();
    expect(cache.pages.read("/")).toBeUndefined();
  });

  it("drops a page whose rendering began before a clear()", () => {
    const cache = createPageCache();
    const startedAt = cache.pages.version();
    cache.clear();
    cache.pages.write("/", renderedPage("stale"), startedAt);
    expect(cache.pages.read("/")).toBeUndefined();
  });

  it("forgets pages past their time to live", () => {
    const cache = createPageCache({ pageTtlMs: 1_000 });
    cache.pages.write("/", renderedPage("old", Date.now() - 1_000), cache.pages.version());
    expect(cache.pages.read("/")).toBeUndefined();
  });

  it("holds at most maxPages, dropping the oldest", () => {
    const cache = createPageCache({ maxPages: 2 });
    for (const url of ["/a", "/b", "/c"]) {
      cache.pages.write(url, renderedPage(url), cache.pages.version());
    }
    expect(cache.pages.read("/a")).toBeUndefined();
    expect(cache.pages.read("/b")).toBeDefined();
    expect(cache.pages.read("/c")).toBeDefined();
  });
});
