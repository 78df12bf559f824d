import { describe, expect, it } from "vitest";

import { previewMatch, stickingAlias } from "./shop-preview";

const catalogue = [
  { id: "bpc", name: "BPC-157" },
  { id: "tb", name: "TB-500" },
  { id: "epi", name: "Epitalon", aliases: ["Epithalon"] },
];
const sizes = [
  { peptideId: "bpc", quantity: 5, unit: "mg" },
  { peptideId: "tb", quantity: 10, unit: "mg" },
];

describe("previewMatch", () => {
  it("names the outcome a run would reach for each kind of listing", () => {
    expect(previewMatch("BPC-157 – 5mg", catalogue, sizes)).toMatchObject({
      outcome: "matched",
      peptideId: "bpc",
    });
    expect(previewMatch("BPC-157 – 20mg", catalogue, sizes).outcome).toBe("missing_size");
    expect(previewMatch("BPC-157 + TB-500 Blend 10mg", catalogue, sizes).outcome).toBe("blend");
    expect(previewMatch("BPC-157 Capsules 500mcg x 60", catalogue, sizes).outcome).toBe(
      "other_form",
    );
    expect(previewMatch("Zorvatide 10mg", catalogue, sizes).outcome).toBe("unknown");
  });

  it("tells a look-alike of a catalogue name from a name nothing resembles", () => {
    expect(previewMatch("Epitalone 10mg", catalogue, sizes)).toMatchObject({
      outcome: "look_alike",
      resembles: "Epitalon",
    });
  });

  it("shows a catalogue name with a qualifier that makes it another product as a look-alike", () => {
    expect(previewMatch("TB-500 Fragment 17-23 5mg", catalogue, sizes)).toMatchObject({
      outcome: "look_alike",
      resembles: "TB-500",
      peptideId: null,
    });
  });
});

describe("stickingAlias", () => {
  const tirzepatide = [{ id: "tirz", name: "Tirzepatide" }];

  it("keeps the words before the size when a word after it would keep the alias from matching", () => {
    expect(stickingAlias("Tirzepatid 10 mg Fläschchen", "tirz", tirzepatide)).toBe("Tirzepatid");
    expect(stickingAlias("Sema-Glu 5 mg x 10 Ampullen", "tirz", tirzepatide)).toBe("Sema-Glu");
  });

  it("keeps the whole name part when it matches as it is", () => {
    expect(stickingAlias("Zorvatide 10mg", "bpc", catalogue)).toBe("Zorvatide");
  });

  it("answers null when the listing names no words to keep", () => {
    expect(stickingAlias("10mg", "bpc", catalogue)).toBeNull();
  });
});
