import { describe, expect, it } from "vitest";

import { likePattern, likePrefixPattern, likeSuffixPattern } from "./like-pattern";

describe("likePattern", () => {
  it("matches the text anywhere", () => {
    expect(likePattern("bpc")).toBe("%bpc%");
  });

  it("escapes the characters LIKE reads as wildcards or escapes", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("likePrefixPattern", () => {
  it("matches what starts with the text, its wildcards escaped", () => {
    expect(likePrefixPattern("ed_1%")).toBe("ed\\_1\\%%");
  });
});

describe("likeSuffixPattern", () => {
  it("matches what ends with the text, its wildcards escaped", () => {
    expect(likeSuffixPattern("Labs_1%")).toBe("%Labs\\_1\\%");
  });
});
