import { desc } from "drizzle-orm";

import type { SessionUser } from "../auth.server";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";

export interface AuditEntry {
  action: "create" | "update" | "delete" | "grant" | "revoke" | "restore" | "clear-cache" | "send";
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

/** Every admin change is recorded: who, what, when. */
export async function recordAudit(
  db: Database,
  actor: Pick<SessionUser, "id" | "email">,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
  });
}

export async function getRecentAuditEntries(db: Database, limit = 50) {
  return db
    .select({
      id: auditLog.id,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

/** An admin change visitors will see: recorded, and the page cache emptied so it shows at once. */
export async function recordPublicChange(
  app: { db: Database; cache: { clear: () => void } },
  actor: Pick<SessionUser, "id" | "email">,
  entry: AuditEntry,
): Promise<void> {
  await recordAudit(app.db, actor, entry);
  app.cache.clear();
}
