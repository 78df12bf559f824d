import { describe, expect, it } from "vitest";

import { loginPathFor, safeRedirectPath } from "~/lib/redirect";

describe("safeRedirectPath", () => {
  it("keeps a same-site path with its query and fragment", () => {
    expect(safeRedirectPath("/peptide/bpc-157", "/deals")).toBe("/peptide/bpc-157");
    expect(safeRedirectPath("/compare?peptide=tb-500#prices", "/deals")).toBe(
      "/compare?peptide=tb-500#prices",
    );
  });

  it("refuses protocol-relative and backslash tricks that leave the site", () => {
    expect(safeRedirectPath("//evil.test/login", "/deals")).toBe("/deals");
    expect(safeRedirectPath("/\\evil.test", "/deals")).toBe("/deals");
    expect(safeRedirectPath("/\t/evil.test", "/deals")).toBe("/deals");
    expect(safeRedirectPath("\\\\evil.test", "/deals")).toBe("/deals");
  });

  it("refuses absolute URLs and other schemes", () => {
    expect(safeRedirectPath("https://evil.test/", "/deals")).toBe("/deals");
    expect(safeRedirectPath("javascript:alert(1)", "/deals")).toBe("/deals");
    expect(safeRedirectPath("deals", "/deals")).toBe("/deals");
  });

  it("falls back on a missing or non-text value", () => {
    expect(safeRedirectPath(null, "/deals")).toBe("/deals");
    expect(safeRedirectPath(undefined, "/")).toBe("/");
    expect(safeRedirectPath("", "/deals")).toBe("/deals");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirectPath("/a/../../deals", "/")).toBe("/deals");
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
  });
});
