import { describe, expect, it } from "vitest";

import { isSameSitePath, isWebUrl, linkHref, loginPathFor, sameSitePath } from "./site-path";

const ORIGIN = "https://peptideprices.example";

/** Spellings a browser would resolve off-site, or that are not plainly a path on this site. */
const OFF_SITE = [
  // Dot segments that resolve to "//host"
  "/.//evil.test/x",
  "/..//evil.test/x",
  "/a/..//evil.test/x",
  "/a/b/../..//evil.test/x",
  "/././/evil.test",
  // Encoded dots
  "/%2e//evil.test/x",
  "/%2e%2e//evil.test/x",
  "/%2E%2E//evil.test/x",
  "/.%2e//evil.test",
  "/a/%2e%2e//evil.test",
  // Encoded slashes and backslashes
  "/%2f/evil.test",
  "/%2F%2Fevil.test",
  "/%5cevil.test",
  "/%5C/evil.test",
  "/a/%5c..%5cevil.test",
  // Tabs, newlines and spaces browsers strip
  "/\t/evil.test",
  "/\n/evil.test",
  "/\r\n/evil.test",
  "/ /evil.test",
  "/\u3000/evil.test",
  "/x\u0000",
  // Backslashes browsers read as "/"
  "/\\evil.test",
  "\\\\evil.test",
  "\\/evil.test",
  "/\\/evil.test",
  // Protocol-relative
  "//evil.test",
  "///evil.test",
  "////evil.test",
  // Schemes and absolute URLs, even to this site
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http://evil.test/",
  "https:evil.test",
  "http:/evil.test",
  `${ORIGIN}/deals`,
  // Not a path
  "evil.test",
  "deals",
  "",
  "/%zz",
];

describe("sameSitePath", () => {
  it(`refuses ${OFF_SITE.length} spellings that leave the site or are not plain paths`, () => {
    expect(OFF_SITE.length).toBeGreaterThanOrEqual(30);
    for (const spelling of OFF_SITE) {
      expect({ spelling, path: sameSitePath(spelling, ORIGIN) }).toEqual({ spelling, path: null });
    }
  });

  it.each([
    ["/", "/"],
    ["/peptide/bpc-157", "/peptide/bpc-157"],
    ["/compare?peptide=tb-500#prices", "/compare?peptide=tb-500#prices"],
    ["/a/../../deals", "/deals"],
    ["/a/./b", "/a/b"],
    ["/deals/%2e%2e/login", "/login"],
    ["/a/b%2fc", "/a/b%2fc"],
    ["/?next=//evil.test", "/?next=//evil.test"],
  ])("returns the resolved path of %j", (value, resolved) => {
    expect(sameSitePath(value, ORIGIN)).toBe(resolved);
  });

  it("refuses what is not text", () => {
    for (const value of [null, undefined, 42, ["/deals"], { toString: () => "/deals" }]) {
      expect(sameSitePath(value, ORIGIN)).toBeNull();
    }
  });

  it("never returns a path the browser would resolve off-site", () => {
    for (const spelling of [...OFF_SITE, "/a/../../deals", "/deals/%2e%2e/login"]) {
      const path = sameSitePath(spelling, ORIGIN);
      if (path !== null) expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
    }
  });

  it("the dot-segment tricks do leave the site when resolved naively", () => {
    for (const trick of ["/.//evil.test/x", "/%2e%2e//evil.test/x", "/a/..//evil.test/x"]) {
      const { pathname } = new URL(trick, ORIGIN);
      expect(new URL(pathname, ORIGIN).host).toBe("evil.test");
    }
  });

  it("isSameSitePath agrees", () => {
    expect(isSameSitePath("/uploads/hero-1.webp")).toBe(true);
    expect(isSameSitePath("/.//evil.test")).toBe(false);
  });
});

describe("loginPathFor", () => {
  it("carries the page to return to", () => {
    expect(loginPathFor("/peptide/bpc-157?x=1")).toBe(
      "/login?redirectTo=%2Fpeptide%2Fbpc-157%3Fx%3D1",
    );
  });

  it("leaves out the home page and anything off-site", () => {
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("//evil.test")).toBe("/login");
    expect(loginPathFor("/.//evil.test")).toBe("/login");
  });
});

describe("linkHref", () => {
  it("keeps web URLs, resolves site paths and drops anything else", () => {
    expect(linkHref("https://vendor.example/shop")).toBe("https://vendor.example/shop");
    expect(linkHref("/catalog")).toBe("/catalog");
    expect(linkHref("/.//evil.test")).toBeNull();
    expect(linkHref("javascript:alert(1)")).toBeNull();
    expect(linkHref(null)).toBeNull();
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
