import { describe, expect, it } from "vitest";

import {
  DEFAULT_LAB_THRESHOLDS,
  judgeLabTest,
  latestPerVendorAndSize,
  massDeviationPercent,
  pairKey,
  testedBadgeText,
  testedPairs,
  testedSince,
  withTestedBadges,
  type TestedCandidate,
} from "./lab-tests";

const thresholds = DEFAULT_LAB_THRESHOLDS;

describe("judgeLabTest", () => {
  it("passes a test whose purity and mass are both within the thresholds", () => {
    expect(
      judgeLabTest({ purityPercent: 99.1, claimedMassMg: 10, measuredMassMg: 10.4 }, thresholds),
    ).toEqual({ verdict: "passed", purity: "passed", mass: "passed", massDeviationPercent: 4 });
  });

  it("fails a purity below the minimum, whatever the mass", () => {
    const result = judgeLabTest(
      { purityPercent: 97.99, claimedMassMg: 10, measuredMassMg: 10 },
      thresholds,
    );
    expect(result.verdict).toBe("failed");
    expect(result.purity).toBe("failed");
    expect(result.mass).toBe("passed");
  });

  it("fails a mass further from the label than the deviation, above or below", () => {
    expect(
      judgeLabTest({ purityPercent: 99, claimedMassMg: 10, measuredMassMg: 8.9 }, thresholds).mass,
    ).toBe("failed");
    expect(
      judgeLabTest({ purityPercent: 99, claimedMassMg: 10, measuredMassMg: 11.2 }, thresholds)
        .verdict,
    ).toBe("failed");
  });

  it("keeps the bounds themselves: exactly the minimum purity and exactly the deviation pass", () => {
    const result = judgeLabTest(
      { purityPercent: 98, claimedMassMg: 10, measuredMassMg: 11 },
      thresholds,
    );
    expect(result).toMatchObject({ verdict: "passed", purity: "passed", mass: "passed" });
    expect(result.massDeviationPercent).toBeCloseTo(10);
  });

  it("never passes what was not measured", () => {
    expect(
      judgeLabTest({ purityPercent: 99.5, claimedMassMg: 2, measuredMassMg: null }, thresholds),
    ).toEqual({
      verdict: "not_measured",
      purity: "passed",
      mass: "not_measured",
      massDeviationPercent: null,
    });
    expect(
      judgeLabTest({ purityPercent: null, claimedMassMg: null, measuredMassMg: null }, thresholds)
        .verdict,
    ).toBe("not_measured");
    // A measured mass without a claim cannot be compared.
    expect(
      judgeLabTest({ purityPercent: 99, claimedMassMg: null, measuredMassMg: 10 }, thresholds).mass,
    ).toBe("not_measured");
  });

  it("lets a failure outweigh a missing value", () => {
    expect(
      judgeLabTest({ purityPercent: 90, claimedMassMg: null, measuredMassMg: null }, thresholds)
        .verdict,
    ).toBe("failed");
  });

  it("follows the admin's thresholds", () => {
    const strict = { minPurityPercent: 99.5, maxMassDeviationPercent: 2 };
    expect(
      judgeLabTest({ purityPercent: 99.1, claimedMassMg: 10, measuredMassMg: 10.4 }, strict),
    ).toMatchObject({ verdict: "failed", purity: "failed", mass: "failed" });
  });
});

describe("massDeviationPercent", () => {
  it("is the distance from the label in percent of the label", () => {
    expect(massDeviationPercent(10, 8.5)).toBeCloseTo(15);
    expect(massDeviationPercent(5, 5.5)).toBeCloseTo(10);
    expect(massDeviationPercent(null, 5)).toBeNull();
    expect(massDeviationPercent(0, 5)).toBeNull();
  });
});

describe("testedSince", () => {
  it("is the same calendar day twelve months earlier (UTC)", () => {
    expect(testedSince(new Date("2026-11-24T21:00:00Z"))).toBe("2025-11-24");
    expect(testedSince(new Date("2026-01-05T00:30:00Z"))).toBe("2025-01-05");
  });
});

const NOW = new Date("2026-11-24T12:00:00Z");
let nextId = 0;
function candidate(overrides: Partial<TestedCandidate>): TestedCandidate {
  nextId += 1;
  return {
    id: `t${nextId}`,
    vendorId: "v1",
    peptideId: "p1",
    sizeOptionId: "s10",
    labName: "Janoshik",
    testedOn: "2026-10-01",
    createdAt: new Date(`2026-10-01T00:00:${String(nextId).padStart(2, "0")}Z`),
    purityPercent: 99.2,
    claimedMassMg: 10,
    measuredMassMg: 10.1,
    ...overrides,
  };
}

describe("latestPerVendorAndSize", () => {
  it("keeps the newest test of each vendor, peptide and size, the later entry on a tie", () => {
    const older = candidate({ testedOn: "2026-01-01" });
    const newer = candidate({ testedOn: "2026-06-01" });
    const sameDayFirst = candidate({ sizeOptionId: "s5", testedOn: "2026-05-01" });
    const sameDayLater = candidate({ sizeOptionId: "s5", testedOn: "2026-05-01" });
    const noSize = candidate({ sizeOptionId: null, testedOn: "2025-12-01" });
    const otherVendor = candidate({ vendorId: "v2", testedOn: "2026-02-01" });
    const latest = latestPerVendorAndSize([
      older,
      sameDayFirst,
      newer,
      sameDayLater,
      noSize,
      otherVendor,
    ]);
    expect(latest.map((test) => test.id)).toEqual([
      newer.id,
      sameDayLater.id,
      otherVendor.id,
      noSize.id,
    ]);
  });
});

describe("testedPairs", () => {
  it("marks a vendor–peptide pair Tested by its newest passing test within 12 months", () => {
    const pass = candidate({ testedOn: "2026-03-02", purityPercent: 99.1 });
    const badges = testedPairs([pass], DEFAULT_LAB_THRESHOLDS, NOW);
    expect(badges.get(pairKey("v1", "p1"))).toEqual({
      vendorId: "v1",
      peptideId: "p1",
      testId: pass.id,
      labName: "Janoshik",
      testedOn: "2026-03-02",
      text: "Tested by Janoshik on Mar 2, 2026: passed (purity 99.1%, mass 10.1 mg of 10 mg)",
    });
  });

  it("does not count a test older than 12 months", () => {
    const old = candidate({ testedOn: "2025-11-23" });
    expect(testedPairs([old], DEFAULT_LAB_THRESHOLDS, NOW).size).toBe(0);
    const justInside = candidate({ testedOn: "2025-11-24" });
    expect(testedPairs([justInside], DEFAULT_LAB_THRESHOLDS, NOW).size).toBe(1);
  });

  it("is not Tested when the newest test of that size failed, though an older one passed", () => {
    const pass = candidate({ testedOn: "2026-02-01" });
    const fail = candidate({ testedOn: "2026-09-01", purityPercent: 95 });
    expect(testedPairs([pass, fail], DEFAULT_LAB_THRESHOLDS, NOW).size).toBe(0);
  });

  it("is not Tested while another size's latest test failed", () => {
    const pass = candidate({ sizeOptionId: "s10", testedOn: "2026-09-01" });
    const fail = candidate({ sizeOptionId: "s5", testedOn: "2026-02-01", measuredMassMg: 7 });
    expect(testedPairs([pass, fail], DEFAULT_LAB_THRESHOLDS, NOW).size).toBe(0);
  });

  it("is Tested again once a newer test of the failed size passes", () => {
    const fail = candidate({ testedOn: "2026-02-01", purityPercent: 95 });
    const pass = candidate({ testedOn: "2026-09-01" });
    expect(testedPairs([fail, pass], DEFAULT_LAB_THRESHOLDS, NOW).get("v1|p1")?.testId).toBe(
      pass.id,
    );
  });

  it("is not Tested on a test that measured only part", () => {
    const partial = candidate({ measuredMassMg: null });
    expect(testedPairs([partial], DEFAULT_LAB_THRESHOLDS, NOW).size).toBe(0);
  });

  it("keeps pairs apart", () => {
    const badges = testedPairs(
      [
        candidate({ vendorId: "v1", peptideId: "p1" }),
        candidate({ vendorId: "v2", peptideId: "p1", purityPercent: 90 }),
        candidate({ vendorId: "v1", peptideId: "p2" }),
      ],
      DEFAULT_LAB_THRESHOLDS,
      NOW,
    );
    expect([...badges.keys()].sort()).toEqual(["v1|p1", "v1|p2"]);
  });
});

describe("testedBadgeText", () => {
  it("says lab, date and result, naming what was not measured", () => {
    expect(
      testedBadgeText(
        {
          labName: "Vanguard",
          testedOn: "2026-11-10",
          purityPercent: 99.5,
          claimedMassMg: 2,
          measuredMassMg: null,
        },
        "not_measured",
      ),
    ).toBe("Tested by Vanguard on Nov 10, 2026: not measured (purity 99.5%, mass not measured)");
  });
});

describe("withTestedBadges", () => {
  it("gives each offer its pair's badge words, and null to the others", () => {
    const offers = [
      { id: "a", vendorId: "v1", peptideId: "p1" },
      { id: "b", vendorId: "v1", peptideId: "p2" },
      { id: "c", vendorId: "v2", peptideId: "p1" },
    ];
    const badges = { [pairKey("v1", "p1")]: { text: "Tested by Lab on Mar 2, 2026: passed" } };
    expect(withTestedBadges(offers, badges).map((o) => [o.id, o.tested])).toEqual([
      ["a", "Tested by Lab on Mar 2, 2026: passed"],
      ["b", null],
      ["c", null],
    ]);
  });
});
