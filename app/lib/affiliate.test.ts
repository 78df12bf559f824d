import { describe, expect, it } from "vitest";

import { affiliateTemplateHost, applyAffiliateTemplate, parseAffiliateTemplate } from "./affiliate";

describe("affiliate templates", () => {
  it("adds a query template's parameters, replacing one the address already has", () => {
    const template = parseAffiliateTemplate("?ref=pp&src=compare");
    expect(applyAffiliateTemplate("https://shop.test/p/bpc?size=5mg&ref=old", template)).toBe(
      "https://shop.test/p/bpc?size=5mg&ref=pp&src=compare",
    );
    expect(applyAffiliateTemplate("https://shop.test/p", parseAffiliateTemplate("ref=pp"))).toBe(
      "https://shop.test/p?ref=pp",
    );
  });

  it("puts the encoded shop address into a {url} template", () => {
    const template = parseAffiliateTemplate("https://track.test/c?id=7&to={url}");
    expect(applyAffiliateTemplate("https://shop.test/p?a=1&b=2", template)).toBe(
      "https://track.test/c?id=7&to=https%3A%2F%2Fshop.test%2Fp%3Fa%3D1%26b%3D2",
    );
    expect(template && affiliateTemplateHost(template)).toBe("track.test");
  });

  it("keeps the shop's address without a template", () => {
    expect(applyAffiliateTemplate("https://shop.test/p", null)).toBe("https://shop.test/p");
  });

  it("never sends to a non-http(s) address", () => {
    expect(applyAffiliateTemplate("javascript:alert(1)", null)).toBeNull();
    expect(applyAffiliateTemplate("not a url", null)).toBeNull();
    expect(
      applyAffiliateTemplate("https://shop.test/p", parseAffiliateTemplate("x")),
    ).not.toBeNull();
  });

  it("refuses templates of neither form", () => {
    for (const bad of [
      "",
      "   ",
      "javascript:{url}",
      "ftp://x.test/{url}",
      "https://x.test/go",
      "=x",
      "//evil.test?{x}",
    ]) {
      expect(parseAffiliateTemplate(bad), bad).toBeNull();
    }
  });
});
