import { describe, expect, it } from "vitest";

import { splitTextLinks } from "./text-links";

describe("splitTextLinks", () => {
  it("finds the addresses in a mail's text, without the sentence's full stop", () => {
    expect(
      splitTextLinks("Confirm at https://site.test/api/auth/verify?token=a.b-c.\nThanks"),
    ).toEqual([
      { kind: "text", text: "Confirm at " },
      { kind: "link", href: "https://site.test/api/auth/verify?token=a.b-c" },
      { kind: "text", text: ".\nThanks" },
    ]);
  });

  it("leaves text without an address whole, and other schemes as text", () => {
    expect(splitTextLinks("javascript:alert(1) ftp://x")).toEqual([
      { kind: "text", text: "javascript:alert(1) ftp://x" },
    ]);
    expect(splitTextLinks("")).toEqual([]);
  });

  it("cuts addresses that follow each other", () => {
    expect(splitTextLinks("(http://a.test) http://b.test")).toEqual([
      { kind: "text", text: "(" },
      { kind: "link", href: "http://a.test" },
      { kind: "text", text: ") " },
      { kind: "link", href: "http://b.test" },
    ]);
  });
});
