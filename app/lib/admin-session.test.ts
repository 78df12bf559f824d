import { describe, expect, it } from "vitest";

import { adminLoginPathFor, adminReturnPath, isAdminArea } from "./admin-session";

describe("adminLoginPathFor", () => {
  it("carries an admin page back through the sign-in", () => {
    expect(adminLoginPathFor("/admin/categories?page=2")).toBe(
      "/admin-login?redirectTo=%2Fadmin%2Fcategories%3Fpage%3D2",
    );
  });
  it("drops the dashboard, other sites and non-admin pages", () => {
    expect(adminLoginPathFor("/admin")).toBe("/admin-login");
    expect(adminLoginPathFor("//evil.test/admin")).toBe("/admin-login");
    expect(adminLoginPathFor("/deals")).toBe("/admin-login");
    expect(adminLoginPathFor("/administrator")).toBe("/admin-login");
  });
});

describe("adminReturnPath", () => {
  it("returns to the admin page the sign-in was sent from", () => {
    expect(adminReturnPath("/admin/users?q=demo")).toBe("/admin/users?q=demo");
  });
  it("falls back to the dashboard for anything else", () => {
    expect(adminReturnPath(undefined)).toBe("/admin");
    expect(adminReturnPath("https://evil.test/admin")).toBe("/admin");
    expect(adminReturnPath("/\\evil.test")).toBe("/admin");
    expect(adminReturnPath("/login")).toBe("/admin");
  });
});

describe("isAdminArea", () => {
  it("takes in the back office and its sign-in, nothing public", () => {
    for (const path of ["/admin", "/admin/peptides", "/admin-login"]) {
      expect(isAdminArea(path)).toBe(true);
    }
    for (const path of ["/", "/peptide/bpc-157", "/login", "/compare"]) {
      expect(isAdminArea(path)).toBe(false);
    }
  });
});
