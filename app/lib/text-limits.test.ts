import { describe, expect, it } from "vitest";

import { tooLongMessage } from "./text-limits";

describe("tooLongMessage", () => {
  it("puts the grouped limit in the too-long message", () => {
    expect(tooLongMessage("Notes", 10_000)).toBe("Notes can be at most 10,000 characters");
  });
});
