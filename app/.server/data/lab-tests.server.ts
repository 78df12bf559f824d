/**
 * Lab tests (issue 23): the admin's table and writes, and the public reads — the "Lab tests"
 * sections of the vendor and peptide pages, the "Tested" badge's pairs and the API. Whether a
 * test passed is judged on read (~/lib/lab-tests.ts) against the thresholds in settings.
 * Public reads keep to public peptides (an inactive peptide's tests are hidden with it).
 *
 * Over 400 lines by a few, kept whole: the admin half (table, writes) and the public half
 * (sections, badges, API) share the one join of a test to its vendor, peptide and size and the
 * judging against the settings' thresholds. The seam is that split (lab-tests-admin.server.ts
 * beside it), once either half grows.
 */
import type { PgColumn } from "drizzle-orm/pg-core";
import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from "drizzle-orm";

import type { LAB_TESTS_TABLE } from "~/lib/admin-tables";
import type { LabTestFields } from "~/lib/forms/lab-tests";
import {
  DEFAULT_LAB_THRESHOLDS,
  judgeLabTest,
  latestPerVendorAndSize,
  testedSince,
  type LabThresholds,
  type OfferLabTest,
  type PublicLabTest,
} from "~/lib/lab-tests";
import { likePattern } from "~/lib/like-pattern";
import { formatSize } from "~/lib/units";

import type { Database } from "../db/client";
import {
  labTests,
  peptides,
  settings,
  sizeOptions,
  vendorPeptides,
  vendorReplies,
  vendors,
} from "../db/schema";
import { peptideIsPublic } from "./public-visibility.server";
import { rowVersion, updateIfUnchanged, type CompareAndSetOutcome } from "./row-version.server";
import { getLabThresholds } from "./settings.server";

export type LabTestInput = LabTestFields;

const labTestColumns = {
  id: labTests.id,
  vendorId: labTests.vendorId,
  peptideId: labTests.peptideId,
  sizeOptionId: labTests.sizeOptionId,
  coversAllSizes: labTests.coversAllSizes,
  labName: labTests.labName,
  testedOn: labTests.testedOn,
  batch: labTests.batch,
  claimedMassMg: labTests.claimedMassMg,
  measuredMassMg: labTests.measuredMassMg,
  purityPercent: labTests.purityPercent,
  endotoxin: labTests.endotoxin,
  heavyMetals: labTests.heavyMetals,
  reportUrl: labTests.reportUrl,
  createdAt: labTests.createdAt,
};

const withNames = {
  ...labTestColumns,
  vendorName: vendors.name,
  vendorSlug: vendors.slug,
  peptideName: peptides.name,
  peptideSlug: peptides.slug,
  sizeQuantity: sizeOptions.quantity,
  sizeUnit: sizeOptions.unit,
  sizeUnitLabel: sizeOptions.unitLabel,
};

type LabTestRow = {
  sizeQuantity: number | null;
  sizeUnit: string | null;
  sizeUnitLabel: string | null;
};

function sizeLabel(row: LabTestRow): string | null {
  return row.sizeQuantity === null || row.sizeUnit === null
    ? null
    : formatSize(row.sizeQuantity, row.sizeUnit, row.sizeUnitLabel);
}

function selectWithNames(db: Database) {
  return db
    .select(withNames)
    .from(labTests)
    .innerJoin(vendors, eq(vendors.id, labTests.vendorId))
    .innerJoin(peptides, eq(peptides.id, labTests.peptideId))
    .leftJoin(sizeOptions, eq(sizeOptions.id, labTests.sizeOptionId));
}

// ---------------------------------------------------------------- admin

export type AdminLabTestSort = (typeof LAB_TESTS_TABLE.spec.sorts)[number];

const ADMIN_SORTS: Record<AdminLabTestSort, SQL | PgColumn> = {
  tested: labTests.testedOn,
  vendor: sql`lower(${vendors.name})`,
  peptide: sql`lower(${peptides.name})`,
  lab: sql`lower(${labTests.labName})`,
  purity: labTests.purityPercent,
};

/**
 * One page of the admin's lab tests (those whose lab, batch, vendor or peptide holds `q`),
 * sorted, each judged against the thresholds, with the total. Three queries.
 */
export async function getAdminLabTestPage(
  db: Database,
  query: { q: string; sort: AdminLabTestSort; dir: "asc" | "desc"; page: number; pageSize: number },
) {
  const order = query.dir === "desc" ? desc : asc;
  const pattern = likePattern(query.q);
  const matches = query.q
    ? or(
        ilike(labTests.labName, pattern),
        ilike(labTests.batch, pattern),
        ilike(vendors.name, pattern),
        ilike(peptides.name, pattern),
      )
    : undefined;
  const [rows, [totalRow], thresholds] = await Promise.all([
    db
      .select({ ...withNames, version: rowVersion(labTests) })
      .from(labTests)
      .innerJoin(vendors, eq(vendors.id, labTests.vendorId))
      .innerJoin(peptides, eq(peptides.id, labTests.peptideId))
      .leftJoin(sizeOptions, eq(sizeOptions.id, labTests.sizeOptionId))
      .where(matches)
      .orderBy(order(ADMIN_SORTS[query.sort]), desc(labTests.createdAt), asc(labTests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(labTests)
      .innerJoin(vendors, eq(vendors.id, labTests.vendorId))
      .innerJoin(peptides, eq(peptides.id, labTests.peptideId))
      .where(matches),
    getLabThresholds(db),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      size: sizeLabel(row),
      result: judgeLabTest(row, thresholds),
    })),
    total: totalRow?.n ?? 0,
  };
}
export type AdminLabTest = Awaited<ReturnType<typeof getAdminLabTestPage>>["rows"][number];

/** One test as its edit form holds it (the audit's before and after, a conflict's values). */
export async function getAdminLabTest(db: Database, id: string) {
  const [row] = await db
    .select({ ...labTestColumns, version: rowVersion(labTests) })
    .from(labTests)
    .where(eq(labTests.id, id));
  return row ?? null;
}

/** The vendor's own lab test of this id (a vendor replies only to its own); null otherwise. */
export async function findLabTestOfVendor(
  db: Database,
  id: string,
  vendorId: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: labTests.id })
    .from(labTests)
    .where(and(eq(labTests.id, id), eq(labTests.vendorId, vendorId)));
  return row ?? null;
}

export async function createLabTest(db: Database, input: LabTestInput): Promise<string> {
  const [row] = await db.insert(labTests).values(input).returning({ id: labTests.id });
  return row!.id;
}

/** Saves the test if it is still at `version` (the one its form was opened on). */
export async function updateLabTest(
  db: Database,
  id: string,
  version: string,
  input: LabTestInput,
): Promise<CompareAndSetOutcome> {
  return updateIfUnchanged(db, labTests, id, version, input);
}

/** An import's tests, all or none (one statement). Returns their ids in order. */
export async function createLabTests(db: Database, inputs: LabTestInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = await db.insert(labTests).values(inputs).returning({ id: labTests.id });
  return rows.map((row) => row.id);
}

/** The vendor, peptide and size a test names belong together (the size is the peptide's). */
export async function checkLabTestReferences(
  db: Database,
  input: Pick<LabTestInput, "vendorId" | "peptideId" | "sizeOptionId">,
): Promise<"vendorId" | "peptideId" | "sizeOptionId" | null> {
  const [[vendor], [peptide], size] = await Promise.all([
    db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, input.vendorId)),
    db.select({ id: peptides.id }).from(peptides).where(eq(peptides.id, input.peptideId)),
    input.sizeOptionId
      ? db
          .select({ peptideId: sizeOptions.peptideId })
          .from(sizeOptions)
          .where(eq(sizeOptions.id, input.sizeOptionId))
      : Promise.resolve([]),
  ]);
  if (!vendor) return "vendorId";
  if (!peptide) return "peptideId";
  if (input.sizeOptionId && size[0]?.peptideId !== input.peptideId) return "sizeOptionId";
  return null;
}

/**
 * What an import's lines may name: every vendor and peptide by name and slug, and every size
 * in mg. Three queries.
 */
export async function getLabTestImportTargets(db: Database) {
  const [vendorRows, peptideRows, sizeRows] = await Promise.all([
    db.select({ id: vendors.id, name: vendors.name, slug: vendors.slug }).from(vendors),
    db.select({ id: peptides.id, name: peptides.name, slug: peptides.slug }).from(peptides),
    db
      .select({
        id: sizeOptions.id,
        peptideId: sizeOptions.peptideId,
        quantity: sizeOptions.quantity,
      })
      .from(sizeOptions)
      .where(eq(sizeOptions.unit, "mg")),
  ]);
  return { vendors: vendorRows, peptides: peptideRows, sizes: sizeRows };
}

// ---------------------------------------------------------------- public

type PublicRow = Awaited<ReturnType<ReturnType<typeof selectWithNames>["where"]>>[number];

function toPublicLabTest(row: PublicRow, thresholds: LabThresholds): PublicLabTest {
  return {
    id: row.id,
    vendor: { slug: row.vendorSlug, name: row.vendorName },
    peptide: { slug: row.peptideSlug, name: row.peptideName },
    size: sizeLabel(row),
    labName: row.labName,
    testedOn: row.testedOn,
    batch: row.batch,
    claimedMassMg: row.claimedMassMg,
    measuredMassMg: row.measuredMassMg,
    purityPercent: row.purityPercent,
    endotoxin: row.endotoxin,
    heavyMetals: row.heavyMetals,
    reportUrl: row.reportUrl,
    result: judgeLabTest(row, thresholds),
  };
}

async function readPublicLabTests(
  db: Database,
  where: SQL | undefined,
  options: { latestOnly: boolean; thresholds?: LabThresholds },
): Promise<PublicLabTest[]> {
  const [rows, thresholds] = await Promise.all([
    selectWithNames(db)
      .where(and(peptideIsPublic(), where))
      .orderBy(desc(labTests.testedOn), desc(labTests.createdAt), asc(labTests.id)),
    options.thresholds ?? getLabThresholds(db),
  ]);
  const shown = options.latestOnly ? latestPerVendorAndSize(rows) : rows;
  return shown.map((row) => toPublicLabTest(row, thresholds));
}

/** The vendor page's "Lab tests": the latest test of each peptide and size, newest first. */
export function listLabTestsForVendor(
  db: Database,
  vendorId: string,
  thresholds?: LabThresholds,
): Promise<PublicLabTest[]> {
  return readPublicLabTests(db, eq(labTests.vendorId, vendorId), { latestOnly: true, thresholds });
}

/** The peptide page's "Lab tests": the latest test of each vendor and size, newest first. */
export function listLabTestsForPeptide(
  db: Database,
  peptideId: string,
  thresholds?: LabThresholds,
): Promise<PublicLabTest[]> {
  return readPublicLabTests(db, eq(labTests.peptideId, peptideId), {
    latestOnly: true,
    thresholds,
  });
}

/**
 * GET /api/v1/lab-tests: every test (history included) of public peptides, newest first,
 * optionally of one vendor and/or one peptide (by slug).
 */
export function listPublicLabTests(
  db: Database,
  filter: { vendorSlug?: string; peptideSlug?: string },
  thresholds?: LabThresholds,
): Promise<PublicLabTest[]> {
  const conditions: SQL[] = [];
  if (filter.vendorSlug) conditions.push(eq(vendors.slug, filter.vendorSlug));
  if (filter.peptideSlug) conditions.push(eq(peptides.slug, filter.peptideSlug));
  return readPublicLabTests(db, conditions.length > 0 ? and(...conditions) : undefined, {
    latestOnly: false,
    thresholds,
  });
}

/**
 * Every test of the offer's vendor and peptide that speaks for its size (~/lib/lab-tests
 * OfferLabTest: that size, or a report covering all sizes of the batch), with the thresholds,
 * as a JSON array (null when there is none): a column of every offer read, so each screen
 * judges the same tests by the same rule (offerLabState) within its one query. Correlated on
 * vendor_peptides and served by lab_tests_vendor_peptide_idx.
 */
export const OFFER_LAB_TESTS_SQL = sql<OfferLabTest[] | null>`(
  select json_agg(json_build_object(
    'id', lt.id, 'labName', lt.lab_name, 'testedOn', lt.tested_on, 'createdAt', lt.created_at,
    'claimedMassMg', lt.claimed_mass_mg, 'measuredMassMg', lt.measured_mass_mg,
    'purityPercent', lt.purity_percent, 'reportUrl', lt.report_url,
    'sameSize', lt.size_option_id is not distinct from ${vendorPeptides.sizeOptionId},
    'minPurityPercent', s.lab_test_min_purity_percent,
    'maxMassDeviationPercent', s.lab_test_max_mass_deviation_percent))
  from lab_tests lt left join settings s on s.id = 1
  where lt.vendor_id = ${vendorPeptides.vendorId} and lt.peptide_id = ${vendorPeptides.peptideId}
    and (lt.size_option_id = ${vendorPeptides.sizeOptionId} or lt.covers_all_sizes))`;

/** Every test of the last 12 months with its vendor, for the vendors' reliability scores. */
export async function listRecentLabTests(db: Database, now: Date = new Date()) {
  return db
    .select({
      vendorId: labTests.vendorId,
      purityPercent: labTests.purityPercent,
      claimedMassMg: labTests.claimedMassMg,
      measuredMassMg: labTests.measuredMassMg,
    })
    .from(labTests)
    .where(gte(labTests.testedOn, testedSince(now)));
}

/** A public page's "Lab tests" section and the vendors' answers beneath them. */
export interface PageLabTests {
  /** The latest test of each vendor, peptide and size, newest first, failures included. */
  tests: PublicLabTest[];
  /** The vendor's answer to each test that has one, keyed by test id (issue 33). */
  replies: Record<string, string>;
}

/**
 * The "Lab tests" section of one peptide's page (by slug, so it runs beside the page's other
 * queries) or of one vendor's: the latest test of each vendor, peptide and size, newest first,
 * failures included. One query: the thresholds ride along on every row (left-joined settings;
 * without a test none is needed). The offers' own Tested and Failed states come with the offers
 * (OFFER_LAB_TESTS_SQL).
 */
export async function getPageLabTests(
  db: Database,
  of: { peptideSlug: string } | { vendorId: string },
): Promise<PageLabTests> {
  const rows = await db
    .select({
      ...withNames,
      minPurityPercent: settings.labTestMinPurityPercent,
      maxMassDeviationPercent: settings.labTestMaxMassDeviationPercent,
    })
    .from(labTests)
    .innerJoin(vendors, eq(vendors.id, labTests.vendorId))
    .innerJoin(peptides, eq(peptides.id, labTests.peptideId))
    .leftJoin(sizeOptions, eq(sizeOptions.id, labTests.sizeOptionId))
    .leftJoin(settings, eq(settings.id, 1))
    .where(
      and(
        peptideIsPublic(),
        "peptideSlug" in of
          ? eq(peptides.slug, of.peptideSlug)
          : eq(labTests.vendorId, of.vendorId),
      ),
    )
    .orderBy(desc(labTests.testedOn), desc(labTests.createdAt), asc(labTests.id));
  const [first] = rows;
  const thresholds: LabThresholds =
    first && first.minPurityPercent !== null && first.maxMassDeviationPercent !== null
      ? {
          minPurityPercent: first.minPurityPercent,
          maxMassDeviationPercent: first.maxMassDeviationPercent,
        }
      : DEFAULT_LAB_THRESHOLDS;
  const tests = latestPerVendorAndSize(rows).map((row) => toPublicLabTest(row, thresholds));
  return {
    tests,
    replies: await getLabTestReplies(
      db,
      tests.map((test) => test.id),
    ),
  };
}

async function getLabTestReplies(db: Database, ids: string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const rows = await db
    .select({ id: vendorReplies.subjectId, body: vendorReplies.body })
    .from(vendorReplies)
    .where(and(eq(vendorReplies.subject, "lab_test"), inArray(vendorReplies.subjectId, ids)));
  return Object.fromEntries(rows.map((row) => [row.id, row.body]));
}
