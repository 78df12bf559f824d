import { describe, expect, it } from "vitest";

import { sameSitePath } from "./return-path";

describe("sameSitePath", () => {
  it("keeps a path on this site with its query and fragment", () => {
    expect(sameSitePath("/peptide/bpc-157?size=5#offers")).toBe("/peptide/bpc-157?size=5#offers");
    expect(sameSitePath("/")).toBe("/");
  });

  it("sends anything off-site or malformed home", () => {
    for (const target of [
      "https://evil.test/",
      "//evil.test/path",
      "/\\evil.test",
      "\\\\evil.test",
      "javascript:alert(1)",
      "evil.test",
      "/\tevil",
      "",
      null,
      undefined,
    ]) {
      expect(sameSitePath(target)).toBe("/");
    }
  });
});
