import { describe, expect, it } from "vitest";

import { onFirstUse } from "~/lib/on-first-use";

describe("onFirstUse", () => {
  it("makes nothing until asked, then makes the value once", () => {
    let made = 0;
    const value = onFirstUse(() => ({ made: ++made }));
    expect(made).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(made).toBe(1);
  });
});
