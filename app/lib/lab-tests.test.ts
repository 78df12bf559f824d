import { describe, expect, it } from "vitest";

import {
  DEFAULT_LAB_THRESHOLDS,
  judgeLabTest,
  latestPerVendorAndSize,
  massDeviationPercent,
  offerLabState,
  testedBadgeText,
  testedSince,
  verifiedMgPerVial,
  type OfferLabTest,
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

function offerTest(overrides: Partial<OfferLabTest>): OfferLabTest {
  nextId += 1;
  return {
    id: `t${nextId}`,
    labName: "Janoshik",
    testedOn: "2026-10-01",
    createdAt: new Date(`2026-10-01T00:00:${String(nextId).padStart(2, "0")}Z`),
    purityPercent: 99.2,
    claimedMassMg: 10,
    measuredMassMg: 10.1,
    reportUrl: null,
    sameSize: true,
    minPurityPercent: null,
    maxMassDeviationPercent: null,
    ...overrides,
  };
}

describe("offerLabState: Tested and Failed per size (issue 30 Must 4)", () => {
  it("is Tested by a recent passing test of the size, with what it verified", () => {
    const pass = offerTest({ testedOn: "2026-03-02", purityPercent: 99.1, reportUrl: "/r.pdf" });
    const state = offerLabState([pass], 10, NOW);
    expect(state.tested).toBe(
      "Tested by Janoshik on Mar 2, 2026: passed (purity 99.1%, mass 10.1 mg of 10 mg)",
    );
    expect(state.labWarning).toBeNull();
    expect(state.verified).toMatchObject({ testId: pass.id, reportUrl: "/r.pdf" });
    expect(state.verified!.mgPerVial).toBeCloseTo(10.1 * 0.991, 10);
  });

  it("warns of a failed test and links its report: 96.4 % purity, 8.3 of 10 mg", () => {
    const fail = offerTest({
      purityPercent: 96.4,
      measuredMassMg: 8.3,
      testedOn: "2026-11-02",
      reportUrl: "https://lab.example/mb-2407.pdf",
    });
    expect(offerLabState([fail], 10, NOW)).toEqual({
      tested: null,
      labWarning: {
        testId: fail.id,
        text: "Failed lab test by Janoshik on Nov 2, 2026 (purity 96.4%, mass 8.3 mg of 10 mg)",
        reportUrl: "https://lab.example/mb-2407.pdf",
      },
      verified: null,
    });
  });

  it("of two tests entered together for one day, lets the failing one decide, in either order", () => {
    const at = new Date("2026-10-01T12:00:00Z");
    const pass = offerTest({ testedOn: "2026-06-01", createdAt: at });
    const fail = offerTest({ testedOn: "2026-06-01", createdAt: at, purityPercent: 95 });
    expect(offerLabState([pass, fail], 10, NOW).labWarning?.testId).toBe(fail.id);
    expect(offerLabState([fail, pass], 10, NOW).labWarning?.testId).toBe(fail.id);
  });

  it("lets the newest judged test decide: a newer failure outweighs a pass, a newer pass clears it", () => {
    const pass = offerTest({ testedOn: "2026-02-01" });
    const fail = offerTest({ testedOn: "2026-09-01", purityPercent: 95 });
    expect(offerLabState([pass, fail], 10, NOW).labWarning?.testId).toBe(fail.id);
    const repass = offerTest({ testedOn: "2026-10-01" });
    expect(offerLabState([fail, repass, pass], 10, NOW)).toMatchObject({
      labWarning: null,
      verified: { testId: repass.id },
    });
    // Same day: the later entry is the later test.
    const sameDay = offerTest({ testedOn: "2026-10-01", measuredMassMg: 7 });
    expect(offerLabState([repass, sameDay], 10, NOW).labWarning?.testId).toBe(sameDay.id);
  });

  it("lets a test that measured only part neither grant nor hide anything", () => {
    const fail = offerTest({ testedOn: "2026-02-01", purityPercent: 90 });
    const partial = offerTest({ testedOn: "2026-09-01", measuredMassMg: null });
    expect(offerLabState([fail, partial], 10, NOW).labWarning?.testId).toBe(fail.id);
    expect(offerLabState([partial], 10, NOW)).toEqual({
      tested: null,
      labWarning: null,
      verified: null,
    });
  });

  it("forgets tests older than 12 months, passing or failing", () => {
    expect(offerLabState([offerTest({ testedOn: "2025-11-23" })], 10, NOW).tested).toBeNull();
    expect(
      offerLabState([offerTest({ testedOn: "2025-11-23", purityPercent: 80 })], 10, NOW).labWarning,
    ).toBeNull();
    expect(offerLabState([offerTest({ testedOn: "2025-11-24" })], 10, NOW).tested).not.toBeNull();
  });

  it("judges by the admin's thresholds when the test carries them", () => {
    const strict = offerTest({
      purityPercent: 99.2,
      minPurityPercent: 99.5,
      maxMassDeviationPercent: 10,
    });
    expect(offerLabState([strict], 10, NOW).labWarning).not.toBeNull();
  });
});

describe("verifiedMgPerVial", () => {
  it("is the measured mass times purity for a test of this very size", () => {
    expect(
      verifiedMgPerVial(
        { sameSize: true, purityPercent: 99.3, claimedMassMg: 10, measuredMassMg: 10.12 },
        10,
      ),
    ).toBeCloseTo(10.04916, 10);
  });

  it("scales a batch test of another vial by what it found of that vial's label", () => {
    // The 10 mg vial held 9.5 mg at 99 %: a 5 mg vial of the batch holds 5 × 0.95 × 0.99.
    expect(
      verifiedMgPerVial(
        { sameSize: false, purityPercent: 99, claimedMassMg: 10, measuredMassMg: 9.5 },
        5,
      ),
    ).toBeCloseTo(4.7025, 10);
    expect(
      verifiedMgPerVial(
        { sameSize: false, purityPercent: 99, claimedMassMg: null, measuredMassMg: 9.5 },
        5,
      ),
    ).toBeNull();
    expect(
      verifiedMgPerVial(
        { sameSize: false, purityPercent: 99, claimedMassMg: 10, measuredMassMg: 9.5 },
        null,
      ),
    ).toBeNull();
  });

  it("is null without a purity or a measured mass: never a guess", () => {
    expect(
      verifiedMgPerVial(
        { sameSize: true, purityPercent: null, claimedMassMg: 10, measuredMassMg: 10 },
        10,
      ),
    ).toBeNull();
    expect(
      verifiedMgPerVial(
        { sameSize: true, purityPercent: 99, claimedMassMg: 10, measuredMassMg: null },
        10,
      ),
    ).toBeNull();
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
