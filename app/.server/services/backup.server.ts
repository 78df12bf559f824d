import { getTableColumns, sql } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";

import { rebaseAlertStates } from "../alerts/price-alerts.server";
import { dropTrashOfExistingRecords } from "../data/trash.server";
import type { Database } from "../db/client";
import * as schema from "../db/schema";

export const BACKUP_FORMAT = "peptideprices-backup";
export const BACKUP_VERSION = 1;
/** A bigger file is refused before it is read into memory. */
export const MAX_BACKUP_BYTES = 200 * 1024 * 1024;

/**
 * Every catalogue table, parents before children (the order restore writes in; it removes in
 * the reverse). Users' own data (accounts, sessions, saved deals, alerts, stacks, push
 * subscriptions), mail, runs, the audit log and derived figures (vendor reliability, recomputed
 * after the next scrape run) stay out of the file: a restore updates the
 * catalogue's rows in place, so none of it cascades away (docs/operations.md).
 */
const BACKUP_TABLES = {
  categories: schema.categories,
  peptides: schema.peptides,
  peptide_slug_history: schema.peptideSlugHistory,
  size_options: schema.sizeOptions,
  vendors: schema.vendors,
  vendor_slug_history: schema.vendorSlugHistory,
  coupons: schema.coupons,
  vendor_peptides: schema.vendorPeptides,
  price_history: schema.priceHistory,
  lab_tests: schema.labTests,
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
  // The click log (issue 34) is the record vendors are billed from: it must survive a restore.
  outbound_clicks: schema.outboundClicks,
} satisfies Record<string, PgTable>;

export type BackupTableName = keyof typeof BACKUP_TABLES;
export const BACKUP_TABLE_NAMES = Object.keys(BACKUP_TABLES) as BackupTableName[];

/**
 * Logs a restore adds to and never takes from: a click counted after the backup was made is
 * still a click (issue 34). A file made before the table existed restores with none of it.
 */
const APPEND_ONLY_TABLES = new Set<BackupTableName>(["outbound_clicks"]);

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
      BACKUP_TABLE_NAMES.map((name) => {
        const rows = z.array(rowSchema(BACKUP_TABLES[name]));
        return [name, APPEND_ONLY_TABLES.has(name) ? rows.default([]) : rows];
      }),
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

const STAGE_CHUNK_ROWS = 2000;

const identifiers = (names: string[]) => sql.raw(names.map((name) => `"${name}"`).join(", "));

/** The backup's rows of a table in a temporary table of the same shape (dropped at commit). */
async function stageRows(tx: Database, table: PgTable, staging: string, rows: Row[]) {
  await tx.execute(
    sql`create temp table ${sql.identifier(staging)} on commit drop as select * from ${table} with no data`,
  );
  for (let start = 0; start < rows.length; start += STAGE_CHUNK_ROWS) {
    const chunk = JSON.stringify(rows.slice(start, start + STAGE_CHUNK_ROWS));
    // PostgreSQL converts every value exactly as it wrote it.
    await tx.execute(sql`insert into ${sql.identifier(staging)}
      select * from jsonb_populate_recordset(null::${table}, ${chunk}::jsonb)`);
  }
}

function primaryKeyOf(table: PgTable): string[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((column) => column.primary).map((column) => column.name);
  return single.length > 0 ? single : config.primaryKeys[0]!.columns.map((column) => column.name);
}

/** Removes the rows the backup does not hold (they were made after it). */
function deleteRowsMissingFrom(table: PgTable, staging: string) {
  const key = identifiers(primaryKeyOf(table));
  return sql`delete from ${table} where (${key}) not in (select ${key} from ${sql.identifier(staging)})`;
}

/**
 * Inserts the backup's new rows and updates changed ones in place: a row keeps its identity,
 * so nothing that references it (an alert on a size, a saved deal on a price) cascades or is
 * set to null. Only the columns the file holds are written; a column added since keeps its value.
 */
function upsertRows(table: PgTable, staging: string, fileColumns: string[]) {
  const generated = new Set(
    columnsOf(table)
      .filter(([, column]) => column.generated)
      .map(([name]) => name),
  );
  const key = primaryKeyOf(table);
  const names = fileColumns.filter((name) => !generated.has(name));
  const updated = names.filter((name) => !key.includes(name));
  const columns = identifiers(names);
  const insert = sql`insert into ${table} as current (${columns})
    select ${columns} from ${sql.identifier(staging)}
    on conflict (${identifiers(key)})`;
  if (updated.length === 0) return sql`${insert} do nothing`;
  const assignments = sql.raw(updated.map((name) => `"${name}" = excluded."${name}"`).join(", "));
  const mine = sql.raw(updated.map((name) => `current."${name}"`).join(", "));
  const theirs = sql.raw(updated.map((name) => `excluded."${name}"`).join(", "));
  // An unchanged row is left alone: no trigger fires, no cache is emptied for it.
  return sql`${insert} do update set ${assignments} where (${mine}) is distinct from (${theirs})`;
}

/**
 * Returns every catalogue table to the backup's rows in one transaction, all or nothing, in
 * place: rows made since are removed, changed rows updated, missing ones inserted. Users' data
 * keeps pointing at the same catalogue rows; only what is derived from the catalogue (alert
 * states, trash entries of records that are back) follows it.
 */
export async function restoreBackup(
  db: Database,
  backup: z.output<typeof backupSchema>,
): Promise<Record<BackupTableName, number>> {
  try {
    return await db.transaction(async (tx) => {
      const staging = (name: BackupTableName) => `restore_${name}`;
      for (const name of BACKUP_TABLE_NAMES) {
        await stageRows(tx, BACKUP_TABLES[name], staging(name), backup.tables[name] as Row[]);
      }
      const removeMissing = async () => {
        for (const name of [...BACKUP_TABLE_NAMES].reverse()) {
          if (APPEND_ONLY_TABLES.has(name)) continue;
          await tx.execute(deleteRowsMissingFrom(BACKUP_TABLES[name], staging(name)));
        }
      };
      // Before writing, so a unique value (a slug) is free for the row that held it then.
      await removeMissing();
      const counts = {} as Record<BackupTableName, number>;
      for (const name of BACKUP_TABLE_NAMES) {
        const rows = backup.tables[name] as Row[];
        counts[name] = rows.length;
        if (rows.length === 0) continue;
        await tx.execute(upsertRows(BACKUP_TABLES[name], staging(name), Object.keys(rows[0]!)));
      }
      // Again: triggers add rows while the catalogue is written back (a renamed vendor's
      // former slug), which the backup may not hold.
      await removeMissing();
      // What is derived from the catalogue follows it, in the same transaction: the trash
      // forgets records that are back, and alerts describe the restored prices. (The page
      // cache is emptied by the caller once this commits.)
      await dropTrashOfExistingRecords(tx);
      await rebaseAlertStates(tx);
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
