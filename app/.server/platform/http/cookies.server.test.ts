import { describe, expect, it } from "vitest";

import { cookiePairs, decodePercentOrNull, readCookie } from "./cookies.server";

const withCookie = (cookie: string) => new Request("http://site.test/", { headers: { cookie } });

describe("the cookie reader", () => {
  it("reads names and values, the first of a repeated name, quotes removed", () => {
    const pairs = cookiePairs(' a=1; b="two"; a=3; =x; c; d=e=f ');
    expect([...pairs]).toEqual([
      ["a", "1"],
      ["b", "two"],
      ["d", "e=f"],
    ]);
  });

  it("never throws on broken percent-encoding: the value reads as absent", () => {
    for (const value of ["%ZZ", "%E0%A4%A", "%", "a%", "%FF", "%C0%AF"]) {
      expect(decodePercentOrNull(value), value).toBeNull();
      expect(readCookie(withCookie(`ship_to=${value}`), "ship_to"), value).toBeUndefined();
    }
    expect(readCookie(withCookie("display_currency=EUR"), "display_currency")).toBe("EUR");
    expect(readCookie(withCookie("pp_flash=%7B%7D"), "pp_flash")).toBe("{}");
  });

  it("reads at most 100 pairs of a header", () => {
    const header = [...Array.from({ length: 100 }, (_, i) => `c${i}=1`), "late=1"].join("; ");
    expect(cookiePairs(header).has("c99")).toBe(true);
    expect(cookiePairs(header).has("late")).toBe(false);
  });
});
