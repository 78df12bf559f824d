import { describe, expect, it } from "vitest";

import { createRequestWindow, memoryRateLimiter } from "./rate-limiter";

describe("createRequestWindow", () => {
  it("lets `limit` requests of a key through per window, then refuses until it closes", () => {
    const window = createRequestWindow({ limit: 3, windowMs: 60_000 });
    expect(window.hit("a", 0).allowed).toBe(true);
    expect(window.hit("a", 10).allowed).toBe(true);
    expect(window.hit("a", 20).allowed).toBe(true);
    expect(window.hit("a", 30_000)).toEqual({ allowed: false, retryAfterMs: 30_000 });
    expect(window.hit("a", 60_000).allowed).toBe(true);
  });

  it("counts each key apart", () => {
    const window = createRequestWindow({ limit: 1, windowMs: 1_000 });
    expect(window.hit("a", 0).allowed).toBe(true);
    expect(window.hit("a", 1).allowed).toBe(false);
    expect(window.hit("b", 1).allowed).toBe(true);
  });

  it("does not extend a window with refused requests", () => {
    const window = createRequestWindow({ limit: 1, windowMs: 1_000 });
    window.hit("a", 0);
    expect(window.hit("a", 900)).toEqual({ allowed: false, retryAfterMs: 100 });
    expect(window.hit("a", 1_000).allowed).toBe(true);
  });

  it("forgets keys whose window closed", () => {
    const window = createRequestWindow({ limit: 5, windowMs: 1_000 });
    for (let i = 0; i < 100; i++) window.hit(`address-${i}`, 0);
    expect(window.size()).toBe(100);
    window.hit("late", 1_500);
    expect(window.size()).toBe(1);
  });
});

describe("memoryRateLimiter", () => {
  it("is the request window behind the one interface, on the rule's window", async () => {
    let now = 0;
    const limiter = memoryRateLimiter({ windowSeconds: 60, max: 2 }, () => now);
    expect(await limiter.consume("a")).toEqual({ allowed: true });
    expect(await limiter.consume("a")).toEqual({ allowed: true });
    now = 45_000;
    expect(await limiter.consume("a")).toEqual({ allowed: false, retryAfterMs: 15_000 });
    now = 60_000;
    expect(await limiter.consume("a")).toEqual({ allowed: true });
  });
});
