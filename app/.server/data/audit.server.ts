import { and, asc, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from "drizzle-orm";

import {
  auditEntityName,
  auditReference,
  auditReferencedIds,
  diffAuditFields,
  type AuditLogEntry,
  type AuditReference,
  type ReferencedKind,
} from "~/lib/audit";
import { likePattern, likePrefixPattern } from "~/lib/like-pattern";

import type { SessionUser } from "../services/auth.server";
import type { Database } from "../db/client";
import { auditLog, categories, peptides, vendors } from "../db/schema";

export interface AuditEntry {
  action: "create" | "update" | "delete" | "grant" | "revoke" | "restore" | "clear-cache" | "send";
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
  /** The entity's display name (a peptide's name, a vendor's…), so the log reads without ids. */
  name?: string | null;
  /** The entity's fields before the change (omit on create); diffed against `after`. */
  before?: object | null;
  /** The entity's fields after the change (omit on delete). */
  after?: object | null;
}

/**
 * What an entry stores in `details`: the caller's details, the entity's name, and with a
 * before/after snapshot the changed fields as `changes: { field: { before, after } }`.
 */
function auditDetails(entry: AuditEntry): Record<string, unknown> | null {
  const details: Record<string, unknown> = { ...entry.details };
  const name = entry.name?.trim() || auditEntityName(entry.details, null);
  if (name) details.name = name;
  if (entry.before || entry.after) {
    details.changes = diffAuditFields(entry.before, entry.after);
  }
  return Object.keys(details).length > 0 ? details : null;
}

/**
 * A bulk change's entries, one per record, in one INSERT: a page of 200 rows costs one round
 * trip, and the log never holds half of a bulk action.
 */
export async function recordAuditEntries(
  db: Database,
  actor: Pick<SessionUser, "id" | "email">,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      details: auditDetails(entry),
    })),
  );
}

const auditColumns = {
  id: auditLog.id,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
};

export async function getRecentAuditEntries(db: Database, limit = 50) {
  return db
    .select(auditColumns)
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

export type AuditLogRow = Awaited<ReturnType<typeof getRecentAuditEntries>>[number];

export interface AuditLogFilter {
  /** Part of the item's recorded name, any case, or its exact id. */
  q?: string;
  /** Exact entity kind ("peptide", "vendor", …). */
  entity?: string;
  /** The start of the actor's e-mail (or all of it), any case. */
  actor?: string;
}

/** One page of the audit log, newest first unless `dir` says "asc", filtered, with the total. */
export async function getAuditLogPage(
  db: Database,
  options: AuditLogFilter & { dir?: "asc" | "desc"; page: number; pageSize: number },
): Promise<{ rows: AuditLogEntry[]; total: number }> {
  const order = options.dir === "asc" ? asc : desc;
  const conditions: SQL[] = [];
  if (options.q) {
    conditions.push(
      or(
        ilike(sql`${auditLog.details}->>'name'`, likePattern(options.q)),
        eq(auditLog.entityId, options.q),
      )!,
    );
  }
  if (options.entity) conditions.push(eq(auditLog.entity, options.entity));
  if (options.actor) {
    // A prefix of the lower-cased address: audit_log_actor_prefix_idx answers it, and the count
    // from that index alone, however many entries one admin made.
    conditions.push(
      like(sql`lower(${auditLog.actorEmail})`, likePrefixPattern(options.actor.toLowerCase())),
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(auditColumns)
      .from(auditLog)
      .where(where)
      .orderBy(order(auditLog.createdAt), order(auditLog.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows: await withReferences(db, rows), total };
}

const REFERENCED_TABLES = {
  vendor: vendors,
  peptide: peptides,
  category: categories,
} as const satisfies Record<ReferencedKind, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page's entries with the names of the records their changes point at by id ("Vendor:
 * Apex → Helix", not two uuids): one query per kind of record on the page. A record deleted
 * since keeps its id.
 */
async function withReferences(db: Database, rows: AuditLogEntry[]): Promise<AuditLogEntry[]> {
  const wanted = rows.flatMap((row) => auditReferencedIds(row.details));
  const names = new Map<string, AuditReference>();
  await Promise.all(
    (Object.keys(REFERENCED_TABLES) as ReferencedKind[]).map(async (kind) => {
      const ids = [...new Set(wanted.filter((ref) => ref.kind === kind).map((ref) => ref.id))];
      const valid = ids.filter((id) => UUID.test(id));
      if (valid.length === 0) return;
      const table = REFERENCED_TABLES[kind];
      const found = await db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(inArray(table.id, valid));
      for (const record of found) names.set(record.id, auditReference(kind, record.name));
    }),
  );
  if (names.size === 0) return rows;
  return rows.map((row) => {
    const references = Object.fromEntries(
      auditReferencedIds(row.details)
        .filter((ref) => names.has(ref.id))
        .map((ref) => [ref.id, names.get(ref.id)!]),
    );
    return Object.keys(references).length > 0 ? { ...row, references } : row;
  });
}

/**
 * The entity kinds the log holds, for the filter: one index probe per kind (a loose index scan
 * of audit_log_entity_created_idx), not a pass over every entry.
 */
export async function getAuditEntityKinds(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive kinds (entity) as (
      (select ${auditLog.entity} from ${auditLog} order by ${auditLog.entity} limit 1)
      union all
      select (
        select ${auditLog.entity} from ${auditLog}
         where ${auditLog.entity} > kinds.entity order by ${auditLog.entity} limit 1
      ) from kinds where kinds.entity is not null
    )
    select entity from kinds where entity is not null`);
  // `db.execute` answers `{ rows }` on both drivers; its static type does not say so.
  return (result as unknown as { rows: { entity: string }[] }).rows.map((row) => row.entity);
}
