/**
 * Lab tests' rules (issue 23), shared by the admin, the public pages and the API: whether a
 * test passed against the admin's thresholds, which offers are "Tested" or carry the "Failed
 * lab test" warning (per size, issue 30), what the badge says and how much peptide a passing
 * test verified (issue 34's price per verified mg). Pure: the server reads the rows, these functions judge them.
 *
 * A test is judged on what it measured. A purity below the minimum, or a measured mass further
 * from the label than the allowed deviation, fails it. What the report does not give is "not
 * measured" — never counted as passed: a test passes only when purity and mass were both
 * measured and both are within bounds.
 */
import { formatDate } from "./format";

export interface LabThresholds {
  /** A purity below this (percent) fails the test. */
  minPurityPercent: number;
  /** A measured mass off the claimed one by more than this (percent of the claim) fails it. */
  maxMassDeviationPercent: number;
}

export const DEFAULT_LAB_THRESHOLDS: LabThresholds = {
  minPurityPercent: 98,
  maxMassDeviationPercent: 10,
};

/** How long a test speaks for its vendor's offers of that peptide and size. */
export const TESTED_FOR_MONTHS = 12;

export const LAB_CHECK_LABELS = {
  passed: "Passed",
  failed: "Failed",
  not_measured: "Not measured",
} as const;

export type LabCheck = keyof typeof LAB_CHECK_LABELS;

export interface LabTestMeasurements {
  purityPercent: number | null;
  claimedMassMg: number | null;
  measuredMassMg: number | null;
}

export interface LabTestJudgement {
  /** "passed" only when every check was measured and passed. */
  verdict: LabCheck;
  purity: LabCheck;
  mass: LabCheck;
  /** |measured − claimed| / claimed, in percent; null when either mass is missing. */
  massDeviationPercent: number | null;
}

/** How far the measured mass is from the label, in percent of the label (always ≥ 0). */
export function massDeviationPercent(
  claimedMassMg: number | null,
  measuredMassMg: number | null,
): number | null {
  if (claimedMassMg === null || measuredMassMg === null || !(claimedMassMg > 0)) return null;
  // Rounded to a millionth of a percent: 11 mg of 10 mg is 10 %, not 10.000000000000002 %.
  const deviation = (Math.abs(measuredMassMg - claimedMassMg) / claimedMassMg) * 100;
  return Math.round(deviation * 1e6) / 1e6;
}

/** Judges one test against the thresholds: failed beats not measured beats passed. */
export function judgeLabTest(
  test: LabTestMeasurements,
  thresholds: LabThresholds,
): LabTestJudgement {
  const purity: LabCheck =
    test.purityPercent === null
      ? "not_measured"
      : test.purityPercent < thresholds.minPurityPercent
        ? "failed"
        : "passed";
  const deviation = massDeviationPercent(test.claimedMassMg, test.measuredMassMg);
  const mass: LabCheck =
    deviation === null
      ? "not_measured"
      : deviation > thresholds.maxMassDeviationPercent
        ? "failed"
        : "passed";
  const checks = [purity, mass];
  const verdict: LabCheck = checks.includes("failed")
    ? "failed"
    : checks.includes("not_measured")
      ? "not_measured"
      : "passed";
  return { verdict, purity, mass, massDeviationPercent: deviation };
}

/** The day, as YYYY-MM-DD (UTC), from which a test still counts towards "Tested". */
export function testedSince(now: Date, months = TESTED_FOR_MONTHS): string {
  const since = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()),
  );
  // 29 Feb minus a year rolls to 1 Mar, as Date.UTC does: one day's difference, on the safe side.
  return since.toISOString().slice(0, 10);
}

/** A test as the latest-per-size listing needs it. */
export interface TestedCandidate extends LabTestMeasurements {
  id: string;
  vendorId: string;
  peptideId: string;
  sizeOptionId: string | null;
  labName: string;
  /** YYYY-MM-DD. */
  testedOn: string;
  /** Breaks ties between two tests of one day: the later entry is the later test. */
  createdAt: Date | string;
}

type Dated = Pick<TestedCandidate, "testedOn" | "createdAt">;

function newerFirst(a: Dated, b: Dated): number {
  if (a.testedOn !== b.testedOn) return a.testedOn < b.testedOn ? 1 : -1;
  return new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
}

/**
 * The latest test of each vendor, peptide and size (a test without a size is its own "size"),
 * newest first.
 */
export function latestPerVendorAndSize<T extends TestedCandidate>(tests: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const test of [...tests].sort(newerFirst)) {
    const key = `${test.vendorId}|${test.peptideId}|${test.sizeOptionId ?? ""}`;
    if (!latest.has(key)) latest.set(key, test);
  }
  return [...latest.values()];
}

const percent = (value: number) => `${Number(value.toFixed(2))}%`;
const milligrams = (value: number) => `${Number(value.toFixed(3))} mg`;

/** "purity 99.1%, mass 10.1 mg of 10 mg": what was measured, in the badge's and table's words. */
export function describeMeasurements(test: LabTestMeasurements): string {
  const parts: string[] = [];
  parts.push(
    test.purityPercent === null ? "purity not measured" : `purity ${percent(test.purityPercent)}`,
  );
  if (test.measuredMassMg === null) parts.push("mass not measured");
  else if (test.claimedMassMg === null) parts.push(`mass ${milligrams(test.measuredMassMg)}`);
  else parts.push(`mass ${milligrams(test.measuredMassMg)} of ${milligrams(test.claimedMassMg)}`);
  return parts.join(", ");
}

/** The badge's words for one test: lab, date and result. */
export function testedBadgeText(
  test: Pick<TestedCandidate, "labName" | "testedOn"> & LabTestMeasurements,
  verdict: LabCheck,
): string {
  return `Tested by ${test.labName} on ${formatDate(test.testedOn)}: ${LAB_CHECK_LABELS[verdict].toLowerCase()} (${describeMeasurements(test)})`;
}

/**
 * A test as an offer reads it (issue 30 Must 4): one of the tests of the offer's vendor and
 * peptide that speak for the offer's size — a test of that very size, or one whose report
 * covers every size of the batch — with the thresholds it is judged by.
 */
export interface OfferLabTest extends LabTestMeasurements {
  id: string;
  labName: string;
  /** YYYY-MM-DD. */
  testedOn: string;
  createdAt: Date | string;
  reportUrl: string | null;
  /** The test is of the offer's own size (else it covers all sizes of its batch). */
  sameSize: boolean;
  /** The admin's thresholds; null where none are saved (the defaults apply). */
  minPurityPercent: number | null;
  maxMassDeviationPercent: number | null;
}

/** The "Failed lab test" warning of an offer: which test, its words and its report. */
export interface LabWarning {
  testId: string;
  /** "Failed lab test by Janoshik on Nov 2, 2026 (purity 96.4%, mass 8.3 mg of 10 mg)". */
  text: string;
  reportUrl: string | null;
}

/** What a passing test measured in one vial of the offer's size: the base of per verified mg. */
export interface VerifiedContent {
  testId: string;
  /** Measured mass × purity, in mg of peptide per vial of the offer's size. */
  mgPerVial: number;
  /** The Tested badge's words of that test. */
  text: string;
  reportUrl: string | null;
}

/** An offer's lab state: Tested, Failed lab test, or neither; never both. */
export interface OfferLab {
  /** The "Tested" badge's words; null when the offer is not Tested. */
  tested: string | null;
  /** Set when the deciding test failed: the offer is then never Best Price. */
  labWarning: LabWarning | null;
  /** Set with `tested`: the verified peptide content of one vial. */
  verified: VerifiedContent | null;
}

export const FAILED_LAB_TEST = "Failed lab test";

const NO_LAB_STATE: OfferLab = { tested: null, labWarning: null, verified: null };

function thresholdsOf(test: OfferLabTest): LabThresholds {
  return test.minPurityPercent === null || test.maxMassDeviationPercent === null
    ? DEFAULT_LAB_THRESHOLDS
    : {
        minPurityPercent: test.minPurityPercent,
        maxMassDeviationPercent: test.maxMassDeviationPercent,
      };
}

/**
 * Peptide in one vial as the test found it: the measured mass times purity. A test of another
 * size of the batch measured another vial, so its found share of the label (measured ÷ claimed)
 * is applied to this size's mg. Null when the test does not give what that needs.
 */
export function verifiedMgPerVial(
  test: Pick<OfferLabTest, "sameSize" | "purityPercent" | "claimedMassMg" | "measuredMassMg">,
  mgPerVial: number | null,
): number | null {
  if (test.purityPercent === null || test.measuredMassMg === null) return null;
  const share = test.purityPercent / 100;
  if (test.sameSize) return test.measuredMassMg * share;
  if (mgPerVial === null || test.claimedMassMg === null || !(test.claimedMassMg > 0)) return null;
  return mgPerVial * (test.measuredMassMg / test.claimedMassMg) * share;
}

/**
 * One offer's lab state from the tests that speak for its size (OfferLabTest): of those made
 * within the last 12 months, the newest one that was judged (a test that measured only part
 * neither grants nor takes away anything) decides. Passed: Tested, with the verified content.
 * Failed: the "Failed lab test" warning, whatever older test passed. A test of another size
 * (5 mg) never speaks for this one (10 mg) unless its report covers every size of the batch.
 */
export function offerLabState(
  tests: readonly OfferLabTest[],
  mgPerVial: number | null,
  now: Date,
): OfferLab {
  const since = testedSince(now);
  // Two tests entered at once for the same day: the failing one decides (the buyer is warned
  // rather than reassured), as failedLabTestSql orders them; then by id, so the choice is fixed.
  const newestFirst = tests
    .filter((test) => test.testedOn >= since)
    .map((test) => ({ test, verdict: judgeLabTest(test, thresholdsOf(test)).verdict }))
    .sort(
      (a, b) =>
        newerFirst(a.test, b.test) ||
        Number(b.verdict === "failed") - Number(a.verdict === "failed") ||
        (a.test.id < b.test.id ? 1 : a.test.id > b.test.id ? -1 : 0),
    );
  for (const { test, verdict } of newestFirst) {
    if (verdict === "failed") {
      return {
        tested: null,
        labWarning: {
          testId: test.id,
          text: `${FAILED_LAB_TEST} by ${test.labName} on ${formatDate(test.testedOn)} (${describeMeasurements(test)})`,
          reportUrl: test.reportUrl,
        },
        verified: null,
      };
    }
    if (verdict === "passed") {
      const text = testedBadgeText(test, "passed");
      const mg = verifiedMgPerVial(test, mgPerVial);
      return {
        tested: text,
        labWarning: null,
        verified:
          mg === null || !(mg > 0)
            ? null
            : { testId: test.id, mgPerVial: mg, text, reportUrl: test.reportUrl },
      };
    }
  }
  return NO_LAB_STATE;
}

/** A lab test as the public "Lab tests" section and the API show it. */
export interface PublicLabTest extends LabTestMeasurements {
  id: string;
  vendor: { slug: string; name: string };
  peptide: { slug: string; name: string };
  /** "10mg"; null when the report names no size. */
  size: string | null;
  labName: string;
  testedOn: string;
  batch: string | null;
  endotoxin: string | null;
  heavyMetals: string | null;
  reportUrl: string | null;
  result: LabTestJudgement;
}
