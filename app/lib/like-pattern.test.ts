import { describe, expect, it } from "vitest";

import { likePattern } from "./like-pattern";

describe("likePattern", () => {
  it("matches the text anywhere", () => {
    expect(likePattern("bpc")).toBe("%bpc%");
  });

  it("escapes the characters LIKE reads as wildcards or escapes", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
