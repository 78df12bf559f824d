import { getTableColumns, isNotNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";

import type { Database } from "./db/client";
import * as schema from "./db/schema";

export const BACKUP_FORMAT = "peptideprices-backup";
export const BACKUP_VERSION = 1;
/** A bigger file is refused before it is read into memory. */
export const MAX_BACKUP_BYTES = 200 * 1024 * 1024;

/**
 * Every product table, parents before children (the order restore inserts in; it deletes in
 * the reverse). Accounts, sessions, auth secrets, saved deals, mail and the audit log stay out.
 */
const BACKUP_TABLES = {
  categories: schema.categories,
  peptides: schema.peptides,
  peptide_slug_history: schema.peptideSlugHistory,
  size_options: schema.sizeOptions,
  vendors: schema.vendors,
  coupons: schema.coupons,
  vendor_peptides: schema.vendorPeptides,
  price_history: schema.priceHistory,
  hero_content: schema.heroContent,
  footer_content: schema.footerContent,
  ads: schema.ads,
  category_filters: schema.categoryFilters,
  settings: schema.settings,
  exchange_rates: schema.exchangeRates,
  scrape_sources: schema.scrapeSources,
  scraped_data: schema.scrapedData,
  scrape_logs: schema.scrapeLogs,
  scrape_review_items: schema.scrapeReviewItems,
} satisfies Record<string, PgTable>;

export type BackupTableName = keyof typeof BACKUP_TABLES;
export const BACKUP_TABLE_NAMES = Object.keys(BACKUP_TABLES) as BackupTableName[];

type Row = Record<string, unknown>;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  tables: Record<BackupTableName, Row[]>;
}

/** A backup that cannot be restored: its message is shown to the admin, its cause only logged. */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BackupError";
  }
}

/** [SQL column name, column] of a table. */
function columnsOf(table: PgTable): [string, PgColumn][] {
  return Object.values(getTableColumns(table)).map((column) => [column.name, column]);
}

/** Columns holding a link that public pages render: `url`, `link`, `website`, `…_url`. */
const isLinkColumn = (name: string) => /^(?:url|link|website)$|_url$/.test(name);

/**
 * A link a page may render: http(s), absolute or relative to the site. A restored backup must
 * not smuggle in the `javascript:` or `data:` links the scraper refuses.
 */
function isWebLink(value: string): boolean {
  try {
    const { protocol } = new URL(value, "https://peptideprices.invalid/");
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

function columnSchema(column: PgColumn): z.ZodType {
  let base: z.ZodType;
  switch (column.columnType) {
    case "PgUUID":
      base = z.guid();
      break;
    case "PgText":
      base = isLinkColumn(column.name)
        ? z.string().refine(isWebLink, `${column.name} must be an http(s) link`)
        : z.string();
      break;
    case "PgBoolean":
      base = z.boolean();
      break;
    case "PgInteger":
      base = z.number().int();
      break;
    case "PgNumericNumber":
      base = z.number();
      break;
    case "PgTimestamp":
      base = z.iso.datetime({ offset: true });
      break;
    case "PgDateString":
      base = z.iso.date();
      break;
    case "PgArray":
      base = z.array(z.string());
      break;
    case "PgJsonb":
      base = z.json();
      break;
    default:
      throw new Error(`backup: no schema for column type ${column.columnType}`);
  }
  if (!column.notNull) base = base.nullable();
  // A column added after the backup was made takes its default.
  return column.hasDefault ? base.optional() : base;
}

/** Validates a backup file's rows column by column (SQL column names, as the file holds them). */
function rowSchema(table: PgTable) {
  return z.strictObject(
    Object.fromEntries(
      columnsOf(table).map(([name, column]) => [
        name,
        // The database derives a generated column (a vendor's slug); restore leaves it out.
        column.generated ? z.unknown().optional() : columnSchema(column),
      ]),
    ),
  );
}

const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { error: "This is not a PeptidePrices backup file" }),
  version: z.literal(BACKUP_VERSION, { error: "This backup was made by an unsupported version" }),
  createdAt: z.string(),
  tables: z.object(
    Object.fromEntries(
      BACKUP_TABLE_NAMES.map((name) => [name, z.array(rowSchema(BACKUP_TABLES[name]))]),
    ) as Record<BackupTableName, z.ZodArray<ReturnType<typeof rowSchema>>>,
  ),
});

/**
 * Reads every product table into one JSON-ready object, rows keyed by SQL column name.
 * PostgreSQL writes the JSON itself, so timestamps keep their microseconds.
 */
export async function createBackup(db: Database): Promise<Backup> {
  const tables = {} as Record<BackupTableName, Row[]>;
  for (const name of BACKUP_TABLE_NAMES) {
    // Both drivers answer execute() with { rows }; the generic query type does not say so.
    const result = (await db.execute(
      sql`select coalesce(json_agg(t), '[]'::json) as rows from ${BACKUP_TABLES[name]} t`,
    )) as unknown as { rows: { rows: Row[] | string }[] };
    const rows = result.rows[0]!.rows;
    tables[name] = typeof rows === "string" ? (JSON.parse(rows) as Row[]) : rows;
  }
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    tables,
  };
}

export function backupFileName(date = new Date()): string {
  return `peptideprices-backup-${date.toISOString().slice(0, 19).replace(/[:T]/g, "-")}.json`;
}

/** Parses and validates a backup file's text; throws BackupError with a message for the admin. */
export function parseBackup(text: string): z.output<typeof backupSchema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError("The backup file is not valid JSON");
  }
  const result = backupSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length ? ` (at ${issue.path.join(".")})` : "";
    throw new BackupError(`The backup file is invalid: ${issue.message}${where}`);
  }
  return result.data;
}

const INSERT_CHUNK_ROWS = 2000;

/** INSERT … SELECT from the JSON rows: PostgreSQL converts every value exactly as it wrote it. */
function insertRows(table: PgTable, rows: Row[]) {
  const generated = new Set(
    columnsOf(table)
      .filter(([, column]) => column.generated)
      .map(([name]) => name),
  );
  const names = Object.keys(rows[0]!).filter((name) => !generated.has(name));
  const columns = sql.raw(names.map((name) => `"${name}"`).join(", "));
  return sql`insert into ${table} (${columns})
    select ${columns} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)`;
}

/**
 * Replaces every product table with the backup's rows in one transaction: all or nothing.
 * Saved deals keep their link to a vendor price that the backup brings back.
 */
export async function restoreBackup(
  db: Database,
  backup: z.output<typeof backupSchema>,
): Promise<Record<BackupTableName, number>> {
  try {
    return await db.transaction(async (tx) => {
      const links = await tx
        .select({ id: schema.savedDeals.id, vendorPeptideId: schema.savedDeals.vendorPeptideId })
        .from(schema.savedDeals)
        .where(isNotNull(schema.savedDeals.vendorPeptideId));
      for (const name of [...BACKUP_TABLE_NAMES].reverse()) {
        await tx.delete(BACKUP_TABLES[name]);
      }
      const counts = {} as Record<BackupTableName, number>;
      for (const name of BACKUP_TABLE_NAMES) {
        const rows = backup.tables[name] as Row[];
        for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
          await tx.execute(
            insertRows(BACKUP_TABLES[name], rows.slice(start, start + INSERT_CHUNK_ROWS)),
          );
        }
        counts[name] = rows.length;
      }
      if (links.length > 0) {
        await tx.execute(sql`
          update ${schema.savedDeals} as deal
          set vendor_peptide_id = link.vendor_peptide_id
          from jsonb_to_recordset(${JSON.stringify(
            links.map((link) => ({ id: link.id, vendor_peptide_id: link.vendorPeptideId })),
          )}::jsonb) as link(id uuid, vendor_peptide_id uuid)
          where deal.id = link.id
            and exists (select 1 from ${schema.vendorPeptides} vp where vp.id = link.vendor_peptide_id)`);
      }
      return counts;
    });
  } catch (error) {
    // The database's words (SQL, constraint names) are for the server log, not the admin's toast.
    throw new BackupError(
      "The backup's records could not be restored (a missing or duplicated record?); nothing was changed",
      { cause: error },
    );
  }
}
