/**
 * Lab tests' rules (issue 23), shared by the admin, the public pages and the API: whether a
 * test passed against the admin's thresholds, which vendor–peptide pairs are "Tested", and what
 * the badge says. Pure: the server reads the rows, these functions judge them.
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

/** How long a passing test makes its vendor "Tested" for that peptide. */
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

/** A test as the "Tested" rule needs it. */
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

/** What the "Tested" badge says, and of which test. */
export interface TestedBadge {
  vendorId: string;
  peptideId: string;
  testId: string;
  labName: string;
  testedOn: string;
  /** "Tested by Janoshik on Mar 2, 2026: passed (purity 99.1%, mass 10.1 mg of 10 mg)". */
  text: string;
}

function newerFirst(a: TestedCandidate, b: TestedCandidate): number {
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
 * Which vendor–peptide pairs are "Tested", with their badge: the latest test of each size made
 * within the last 12 months is looked at; the pair is Tested when one of them passed and none
 * failed (a newer failure on another size outweighs an older pass, and a failure is never
 * hidden behind a badge). The badge names the newest passing test. Keyed "vendorId|peptideId".
 */
export function testedPairs(
  tests: readonly TestedCandidate[],
  thresholds: LabThresholds,
  now: Date,
): Map<string, TestedBadge> {
  const since = testedSince(now);
  const recent = latestPerVendorAndSize(tests.filter((test) => test.testedOn >= since));
  const byPair = new Map<string, { passed: TestedCandidate[]; failed: boolean }>();
  for (const test of recent) {
    const key = pairKey(test.vendorId, test.peptideId);
    const pair = byPair.get(key) ?? { passed: [], failed: false };
    const { verdict } = judgeLabTest(test, thresholds);
    if (verdict === "failed") pair.failed = true;
    if (verdict === "passed") pair.passed.push(test);
    byPair.set(key, pair);
  }
  const badges = new Map<string, TestedBadge>();
  for (const [key, pair] of byPair) {
    const newest = pair.passed[0];
    if (pair.failed || !newest) continue;
    badges.set(key, {
      vendorId: newest.vendorId,
      peptideId: newest.peptideId,
      testId: newest.id,
      labName: newest.labName,
      testedOn: newest.testedOn,
      text: testedBadgeText(newest, "passed"),
    });
  }
  return badges;
}

export function pairKey(vendorId: string, peptideId: string): string {
  return `${vendorId}|${peptideId}`;
}

/** Offers with their "Tested" badge's words (or null), from the pairs `testedPairs` keeps. */
export function withTestedBadges<T extends { vendorId: string; peptideId: string }>(
  offers: readonly T[],
  badges: Readonly<Record<string, Pick<TestedBadge, "text">>>,
): (T & { tested: string | null })[] {
  return offers.map((offer) => ({
    ...offer,
    tested: badges[pairKey(offer.vendorId, offer.peptideId)]?.text ?? null,
  }));
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
