/**
 * The trash: deletions an admin can undo for 30 days.
 *
 * API (every admin delete goes through it):
 * - `moveToTrash(db, { entity, ids, actorId })` → `{ batchId, items }` (batchId null when none of
 *   the ids existed). In one transaction it captures each record's row and the dependent rows a
 *   restore needs (registry in trash-entities.server.ts), stores them in `trash_items`, and deletes
 *   the records (foreign keys cascade the dependants away). Answer the action with
 *   `actionSuccess(message)` plus `trashBatchId` and the page's toast offers "Undo".
 * - `restoreTrashBatch(db, batchId)` / `restoreTrashItem(db, id)` → the restored items'
 *   names; re-inserts everything exactly as captured (ids, timestamps, prices, history) and
 *   re-links rows whose reference was set to null by the delete. Throws `TrashRestoreError`
 *   (status 409 or 404, a plain message) when a record with the same unique value was created
 *   meanwhile or something it belongs to is gone; nothing is restored then.
 * - `purgeExpiredTrash(db, now)` deletes what was trashed more than 30 days before `now` and
 *   answers the stored-file URLs it named (run daily by the `purge-trash` job through
 *   `purgeTrash`, trash-actions.server.ts, which then deletes the files no one names any more).
 * - `getTrashPage(db, { page, pageSize, q })` lists the trash for /admin/trash.
 *
 * Adding an entity is one entry in TRASH_ENTITIES (trash-entities.server.ts).
 */
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";

import { TRASH_RETENTION_DAYS } from "~/lib/forms/trash";
import { likePattern } from "~/lib/like-pattern";

import type { Database } from "../db/client";
import { trashItems, user } from "../db/schema";
import { inputErrorOf } from "../platform/http/write-errors.server";
import { urlsInRows } from "./stored-files.server";
import {
  TRASH_ENTITIES,
  TRASH_ENTITY_NAMES,
  type TrashEntity,
  type TrashEntityName,
  type TrashTableSpec,
} from "./trash-entities.server";
import type { TrashListItem } from "~/lib/trash";

const DAY_MS = 24 * 60 * 60 * 1000;
const NAME_MAX = 200;

type Row = Record<string, unknown>;

interface TrashPayload {
  /** Rows per table, in the order they are re-inserted (the record's own table first). */
  tables: { table: string; rows: Row[] }[];
  /** References the delete set to null: `{ table, column, pairs: [[rowId, value]] }`. */
  links: { table: string; column: string; pairs: [string, string][] }[];
}

export class TrashRestoreError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
    this.name = "TrashRestoreError";
  }
}

/** `db.execute` answers `{ rows }` on both drivers; its static type does not say so. */
function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

function tableSql(spec: TrashTableSpec): SQL {
  return sql`${spec.table}`;
}

async function captureRows(db: Database, spec: TrashTableSpec, id: string): Promise<Row[]> {
  const result = await db.execute(
    sql`select to_jsonb(${tableSql(spec)}) as row from ${spec.table} where ${spec.where(id)}`,
  );
  return rowsOf(result).map((row) => row.row as Row);
}

async function insertRows(db: Database, spec: TrashTableSpec, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.values(getTableColumns(spec.table))
    .filter((column) => !column.generated)
    .map((column) => sql.identifier(column.name));
  const list = sql.join(columns, sql`, `);
  // jsonb_populate_recordset turns each captured value back into its column's own type.
  await db.execute(sql`
    insert into ${spec.table} (${list}) overriding system value
    select ${list} from jsonb_populate_recordset(null::${spec.table}, ${JSON.stringify(rows)}::jsonb)
  `);
}

function clip(name: string): string {
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name;
}

/**
 * Moves records to the trash and deletes them, in one transaction. Ids that do not exist are
 * skipped; batchId is null when none did.
 */
export async function moveToTrash(
  db: Database,
  input: { entity: TrashEntityName; ids: readonly string[]; actorId: string | null },
): Promise<{ batchId: string | null; items: { id: string; name: string }[] }> {
  const entity: TrashEntity = TRASH_ENTITIES[input.entity];
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return { batchId: null, items: [] };
  return db.transaction(async (tx) => {
    const batchId = crypto.randomUUID();
    const named = await tx
      .select({ id: sql<string>`${entity.id}::text`, name: entity.name })
      .from(entity.root.table)
      .where(inArray(entity.id, ids));
    const items: { id: string; name: string }[] = [];
    for (const record of named) {
      const payload: TrashPayload = { tables: [], links: [] };
      for (const spec of [entity.root, ...(entity.dependants ?? [])]) {
        payload.tables.push({ table: spec.name, rows: await captureRows(tx, spec, record.id) });
      }
      for (const link of entity.links ?? []) {
        const result = await tx.execute(sql`
          select ${link.rowId}::text as id, ${link.column}::text as value
          from ${link.table} where ${link.where(record.id)}
        `);
        const pairs = rowsOf(result).map((row): [string, string] => [
          String(row.id),
          String(row.value),
        ]);
        if (pairs.length > 0) {
          payload.links.push({ table: link.name, column: link.column.name, pairs });
        }
      }
      const name = clip(record.name ?? record.id);
      await tx.insert(trashItems).values({
        batchId,
        entity: input.entity,
        entityId: record.id,
        name,
        payload,
        deletedBy: input.actorId,
      });
      items.push({ id: record.id, name });
    }
    if (items.length === 0) return { batchId: null, items };
    await tx.delete(entity.root.table).where(
      inArray(
        entity.id,
        items.map((item) => item.id),
      ),
    );
    return { batchId, items };
  });
}

interface StoredItem {
  id: string;
  entity: string;
  name: string;
  payload: unknown;
}

async function restoreItems(db: Database, stored: StoredItem[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    for (const item of stored) {
      const entity: TrashEntity | undefined = TRASH_ENTITIES[item.entity as TrashEntityName];
      if (!entity) throw new TrashRestoreError(`"${item.name}" can no longer be restored`, 409);
      const payload = item.payload as TrashPayload;
      const specs = [entity.root, ...(entity.dependants ?? [])];
      try {
        for (const captured of payload.tables) {
          const spec = specs.find((candidate) => candidate.name === captured.table);
          if (spec) await insertRows(tx, spec, captured.rows);
        }
      } catch (error) {
        const refusal = inputErrorOf(error);
        if (!refusal) throw error;
        throw new TrashRestoreError(
          refusal.status === 409
            ? `Cannot restore "${item.name}": a ${entity.label.toLowerCase()} with the same name or address was created since. Rename or delete that one first.`
            : `Cannot restore "${item.name}": something it belongs to was deleted since. Restore that first.`,
          409,
        );
      }
      for (const link of payload.links) {
        const spec = entity.links?.find((candidate) => candidate.name === link.table);
        if (!spec) continue;
        // Only rows still pointing nowhere are re-linked: a row re-assigned meanwhile stays so.
        await tx.execute(sql`
          update ${spec.table} set ${sql.identifier(link.column)} = pairs.value::uuid
          from jsonb_to_recordset(${JSON.stringify(link.pairs.map(([id, value]) => ({ id, value })))}::jsonb)
            as pairs(id text, value text)
          where ${spec.rowId}::text = pairs.id and ${spec.column} is null
        `);
      }
    }
    await tx.delete(trashItems).where(
      inArray(
        trashItems.id,
        stored.map((item) => item.id),
      ),
    );
    return stored.map((item) => item.name);
  });
}

const STORED_COLUMNS = {
  id: trashItems.id,
  entity: trashItems.entity,
  name: trashItems.name,
  payload: trashItems.payload,
};

/** Restores every record of one deletion (the Undo toast). */
export async function restoreTrashBatch(db: Database, batchId: string): Promise<string[]> {
  const stored = await db
    .select(STORED_COLUMNS)
    .from(trashItems)
    .where(eq(trashItems.batchId, batchId))
    .orderBy(trashItems.deletedAt);
  if (stored.length === 0) {
    throw new TrashRestoreError("Nothing to restore: it was restored or purged already", 404);
  }
  return restoreItems(db, stored);
}

/** Restores one record from the Trash view. */
export async function restoreTrashItem(db: Database, id: string): Promise<string> {
  const stored = await db.select(STORED_COLUMNS).from(trashItems).where(eq(trashItems.id, id));
  if (stored.length === 0) {
    throw new TrashRestoreError("Nothing to restore: it was restored or purged already", 404);
  }
  const [name] = await restoreItems(db, stored);
  return name!;
}

/**
 * Drops the trash entries of records that exist again, which a backup restore brought back:
 * their Restore could only answer a stale conflict. Takes the restore's transaction; returns
 * how many were dropped.
 */
export async function dropTrashOfExistingRecords(db: Database): Promise<number> {
  let dropped = 0;
  for (const name of TRASH_ENTITY_NAMES) {
    const entity = TRASH_ENTITIES[name];
    const removed = await db
      .delete(trashItems)
      .where(
        and(
          eq(trashItems.entity, name),
          sql`exists (select 1 from ${entity.root.table} where ${entity.id}::text = ${trashItems.entityId})`,
        ),
      )
      .returning({ id: trashItems.id });
    dropped += removed.length;
  }
  return dropped;
}

/**
 * Deletes what has been in the trash longer than the retention. Answers how many, and the
 * stored-file URLs the purged records named: the caller deletes those files once this has
 * committed and nothing else names them (purgeTrash, trash-actions.server.ts).
 */
export async function purgeExpiredTrash(
  db: Database,
  now: Date,
): Promise<{ purged: number; fileUrls: string[] }> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS);
  const purged = await db
    .delete(trashItems)
    .where(lt(trashItems.deletedAt, cutoff))
    .returning({ payload: trashItems.payload });
  const fileUrls = purged.flatMap(({ payload }) =>
    (payload as TrashPayload).tables.flatMap((captured) =>
      urlsInRows(captured.table, captured.rows),
    ),
  );
  return { purged: purged.length, fileUrls: [...new Set(fileUrls)] };
}

export type TrashSort = "name" | "entity" | "deletedAt";

/** Items whose name holds the text, or whose kind does as the Trash view shows it ("Vendor price"). */
function trashSearch(q: string): SQL {
  const text = q.toLowerCase();
  const kinds = TRASH_ENTITY_NAMES.filter((name) =>
    TRASH_ENTITIES[name].label.toLowerCase().includes(text),
  );
  const byName = ilike(trashItems.name, likePattern(q));
  return kinds.length > 0 ? or(byName, inArray(trashItems.entity, kinds))! : byName;
}

/** One page of the trash, newest first unless sorted otherwise, and the total. */
export async function getTrashPage(
  db: Database,
  options: {
    page: number;
    pageSize: number;
    q?: string;
    sort?: TrashSort;
    dir?: "asc" | "desc";
  },
): Promise<{ rows: TrashListItem[]; total: number }> {
  const filter = options.q ? trashSearch(options.q) : undefined;
  const sortColumn =
    options.sort === "name"
      ? trashItems.name
      : options.sort === "entity"
        ? trashItems.entity
        : trashItems.deletedAt;
  const direction = options.dir ?? (options.sort ? "asc" : "desc");
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: trashItems.id,
        batchId: trashItems.batchId,
        entity: trashItems.entity,
        name: trashItems.name,
        deletedAt: trashItems.deletedAt,
        deletedByEmail: user.email,
      })
      .from(trashItems)
      .leftJoin(user, eq(user.id, trashItems.deletedBy))
      .where(filter)
      .orderBy(direction === "asc" ? sortColumn : desc(sortColumn), desc(trashItems.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(trashItems).where(filter),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      entityLabel: TRASH_ENTITIES[row.entity as TrashEntityName]?.label ?? row.entity,
      deletedAt: row.deletedAt.toISOString(),
    })),
    total: totals?.total ?? 0,
  };
}
