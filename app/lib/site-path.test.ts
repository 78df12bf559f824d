import { describe, expect, it } from "vitest";

import { isSameSitePath, isWebUrl } from "./site-path";

describe("isSameSitePath", () => {
  it.each(["/", "/catalog", "/uploads/hero-1.webp", "/peptide/bpc-157?size=5mg#offers", "/a/../b"])(
    "accepts %s",
    (path) => expect(isSameSitePath(path)).toBe(true),
  );

  it.each([
    "//evil.example/x",
    "/\\evil.example/x",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/ /evil.example",
    "/..//evil.example",
    "/.//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example/x",
    "",
  ])("refuses %j", (path) => expect(isSameSitePath(path)).toBe(false));

  it("agrees with the WHATWG parser that every refused path with a slash trick leaves the site", () => {
    for (const trick of ["//evil.example/x", "/\\evil.example/x", "/\t/evil.example"]) {
      expect(new URL(trick, "https://peptideprices.example").host).toBe("evil.example");
    }
  });
});

describe("isWebUrl", () => {
  it("accepts http and https URLs only", () => {
    expect(isWebUrl("https://vendor.example/shop?a=1")).toBe(true);
    expect(isWebUrl("http://vendor.example")).toBe(true);
    expect(isWebUrl("javascript:alert(1)")).toBe(false);
    expect(isWebUrl("https://")).toBe(false);
    expect(isWebUrl("https://exa mple.com")).toBe(false);
    expect(isWebUrl("ftp://files.example")).toBe(false);
  });
});
