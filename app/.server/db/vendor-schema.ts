/**
 * Vendor accounts (issue 33, Musts 4–6): who speaks for a vendor, how they proved it, their API
 * keys, and what they submitted. Kept beside schema.ts (which re-exports it) so the vendor side
 * reads as one piece; the references point at schema.ts's tables.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { STOCK_STATUSES } from "~/lib/constants";
import { LAB_TEST_LIMITS } from "~/lib/forms/lab-tests";
import { TEXT_LIMITS } from "~/lib/text-limits";
import {
  LAB_REPORT_REJECTION_MAX,
  VENDOR_API_SCOPES,
  VENDOR_CLAIM_METHODS,
  VENDOR_LAB_REPORT_STATUSES,
  VENDOR_SUBMISSION_STATUSES,
  VENDOR_SUBMISSION_VIAS,
} from "~/lib/vendor-accounts";

import { labTests, peptides, sizeOptions, user, vendorPeptides, vendors } from "./core-schema";

/** Raw bytes (a pending upload): a Buffer on the way in, a Uint8Array or Buffer on the way out. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const vendorRef = () =>
  uuid("vendor_id")
    .notNull()
    .references(() => vendors.id, { onDelete: "cascade" });

function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(", ")})`);
}

/** A user who speaks for a vendor: the server's vendor role (one vendor per user). */
export const vendorMembers = pgTable(
  "vendor_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorId: vendorRef(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    /** How control of the shop was proven: meta tag, file, e-mail at its domain, or an admin. */
    grantedVia: text("granted_via").notNull(),
    grantedBy: text("granted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("vendor_members_vendor_idx").on(t.vendorId),
    check("vendor_members_granted_via_check", oneOf("granted_via", VENDOR_CLAIM_METHODS)),
  ],
);

/** A claim in progress: the token the shop must show (meta tag, file or mailed link). */
export const vendorClaims = pgTable(
  "vendor_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorId: vendorRef(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    /** The address at the shop's domain a confirmation link was mailed to, if any. */
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("vendor_claims_vendor_user_uq").on(t.vendorId, t.userId),
    check("vendor_claims_email_length", sql`char_length(${t.email}) <= 320`),
  ],
);

/**
 * A vendor's API key: only its SHA-256 is kept (the key is shown once). Each key has its
 * scopes and its own requests-per-minute budget, counted in a fixed window on the row.
 */
export const vendorApiKeys = pgTable(
  "vendor_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorId: vendorRef(),
    name: text("name").notNull(),
    /** The key's public first part ("ppk_ab12cd34"): how the key is found and shown. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    requestsPerMinute: integer("requests_per_minute").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }),
    windowCount: integer("window_count").notNull().default(0),
    /** The member who made it; the key goes with that account. */
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("vendor_api_keys_prefix_uq").on(t.prefix),
    index("vendor_api_keys_vendor_idx").on(t.vendorId),
    check(
      "vendor_api_keys_name_length",
      sql`char_length(${t.name}) <= ${sql.raw(String(TEXT_LIMITS.name))}`,
    ),
    check("vendor_api_keys_rpm_range", sql`${t.requestsPerMinute} between 1 and 600`),
    check(
      "vendor_api_keys_scopes_check",
      sql.raw(`"scopes" <@ array[${VENDOR_API_SCOPES.map((s) => `'${s}'`).join(", ")}]::text[]`),
    ),
  ],
);

/**
 * A price or stock a vendor submitted (API, feed): live once the storefront said the same,
 * held with both values for an admin otherwise.
 */
export const vendorOfferSubmissions = pgTable(
  "vendor_offer_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorId: vendorRef(),
    sizeOptionId: uuid("size_option_id")
      .notNull()
      .references(() => sizeOptions.id, { onDelete: "cascade" }),
    /** The offer it would change; null until the offer exists (a new one is created on approval). */
    vendorPeptideId: uuid("vendor_peptide_id").references(() => vendorPeptides.id, {
      onDelete: "set null",
    }),
    via: text("via").notNull(),
    apiKeyId: uuid("api_key_id").references(() => vendorApiKeys.id, { onDelete: "set null" }),
    price: numeric("price", { precision: 13, scale: 3, mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    stockStatus: text("stock_status").notNull(),
    url: text("url").notNull(),
    status: text("status").notNull(),
    /** What the storefront showed when read (null when it could not be read). */
    storefrontPrice: numeric("storefront_price", { precision: 13, scale: 3, mode: "number" }),
    storefrontStock: text("storefront_stock"),
    /** Why it was held (the storefront disagreed, or could not be read). */
    reason: text("reason"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("vendor_offer_submissions_status_idx").on(t.status, t.createdAt),
    index("vendor_offer_submissions_vendor_idx").on(t.vendorId, t.createdAt),
    check("vendor_offer_submissions_status_check", oneOf("status", VENDOR_SUBMISSION_STATUSES)),
    check("vendor_offer_submissions_via_check", oneOf("via", VENDOR_SUBMISSION_VIAS)),
    check("vendor_offer_submissions_stock_check", oneOf("stock_status", STOCK_STATUSES)),
    check("vendor_offer_submissions_price_nonnegative", sql`${t.price} >= 0`),
    check("vendor_offer_submissions_url_length", sql`char_length(${t.url}) <= 2048`),
    check("vendor_offer_submissions_reason_length", sql`char_length(${t.reason}) <= 500`),
  ],
);

/** A vendor's answer shown beneath one of its lab results (and, on the reviews branch, reviews). */
export const vendorReplies = pgTable(
  "vendor_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorId: vendorRef(),
    subject: text("subject").notNull(),
    subjectId: uuid("subject_id").notNull(),
    body: text("body").notNull(),
    authorUserId: text("author_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("vendor_replies_subject_uq").on(t.subject, t.subjectId),
    check("vendor_replies_subject_check", oneOf("subject", ["lab_test", "review"])),
    check("vendor_replies_body_length", sql`char_length(${t.body}) <= 2000`),
  ],
);

/**
 * A lab report a vendor uploaded with the test's fields: pending until an admin approves it
 * (then it becomes a lab test, `labTestId`, with the report linked) or rejects it with a reason
 * the vendor sees. Never public while pending or rejected.
 */
export const vendorLabReports = pgTable(
  "vendor_lab_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vendorId: vendorRef(),
    peptideId: uuid("peptide_id")
      .notNull()
      .references(() => peptides.id, { onDelete: "cascade" }),
    sizeOptionId: uuid("size_option_id").references(() => sizeOptions.id, {
      onDelete: "set null",
    }),
    coversAllSizes: boolean("covers_all_sizes").notNull().default(false),
    labName: text("lab_name").notNull(),
    testedOn: date("tested_on", { mode: "string" }).notNull(),
    batch: text("batch"),
    claimedMassMg: numeric("claimed_mass_mg", { precision: 12, scale: 3, mode: "number" }),
    measuredMassMg: numeric("measured_mass_mg", { precision: 12, scale: 3, mode: "number" }),
    purityPercent: numeric("purity_percent", { precision: 5, scale: 2, mode: "number" }),
    /**
     * Where the report is read: while pending or rejected the authorized route
     * (vendorLabReportFilePath), once approved the public upload the approval stored.
     */
    reportUrl: text("report_url").notNull(),
    /**
     * The checked upload (uploads.server.ts's prepareReportUpload) while it waits: kept in the
     * database, out of the public storage, so only the vendor's users and admins can read it
     * before an admin approves it. Cleared when an admin decides (published or dropped).
     */
    pendingFile: bytea("pending_file"),
    /** The generated file name of pendingFile (its extension gives the type it is served as). */
    pendingFileName: text("pending_file_name"),
    status: text("status").notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    /** The lab test its approval created. */
    labTestId: uuid("lab_test_id").references(() => labTests.id, { onDelete: "set null" }),
    submittedBy: text("submitted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("vendor_lab_reports_status_idx").on(t.status, t.createdAt),
    index("vendor_lab_reports_vendor_idx").on(t.vendorId, t.createdAt),
    check("vendor_lab_reports_status_check", oneOf("status", VENDOR_LAB_REPORT_STATUSES)),
    check("vendor_lab_reports_claimed_mass_positive", sql`${t.claimedMassMg} > 0`),
    check("vendor_lab_reports_measured_mass_nonnegative", sql`${t.measuredMassMg} >= 0`),
    check("vendor_lab_reports_purity_range", sql`${t.purityPercent} between 0 and 100`),
    check(
      "vendor_lab_reports_lab_name_length",
      sql.raw(`char_length("lab_name") <= ${LAB_TEST_LIMITS.labName}`),
    ),
    check(
      "vendor_lab_reports_batch_length",
      sql.raw(`char_length("batch") <= ${LAB_TEST_LIMITS.batch}`),
    ),
    check(
      "vendor_lab_reports_report_url_length",
      sql.raw(`char_length("report_url") <= ${LAB_TEST_LIMITS.reportUrl}`),
    ),
    check(
      "vendor_lab_reports_rejection_length",
      sql.raw(`char_length("rejection_reason") <= ${LAB_REPORT_REJECTION_MAX}`),
    ),
  ],
);
