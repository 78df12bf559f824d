/**
 * An admin change, the one way: `commitPublicChange(app, admin, async (tx, audit) => …)` runs
 * the change and its audit entries in one transaction — `audit(entry)` collects them and they
 * are inserted (one statement) before the commit — so the log never records a change that
 * rolled back nor misses one that committed. After the commit, when anything was audited, the
 * page cache is emptied so visitors see the change at once. `commitAudited` is the same for
 * changes visitors never see (accounts, scrape runs): no cache to empty.
 *
 * A change that decides not to write (a stale version, a missing record) returns its outcome
 * without calling `audit`; a change that throws rolls everything back, its audit entries too.
 */
import type { SessionUser } from "./auth.server";
import type { Database } from "../db/client";
import type { AppContext } from "../platform/context.server";
import { recordAuditEntries, type AuditEntry } from "../data/audit.server";

type Actor = Pick<SessionUser, "id" | "email">;
export type Audit = (...entries: AuditEntry[]) => void;
export type AuditedChange<T> = (tx: Database, audit: Audit) => Promise<T>;

async function inTransaction<T>(
  db: Database,
  actor: Actor,
  change: AuditedChange<T>,
): Promise<{ value: T; audited: boolean }> {
  return db.transaction(async (tx) => {
    const entries: AuditEntry[] = [];
    const value = await change(tx, (...more) => entries.push(...more));
    await recordAuditEntries(tx, actor, entries);
    return { value, audited: entries.length > 0 };
  });
}

export async function commitPublicChange<T>(
  app: Pick<AppContext, "db" | "cache">,
  actor: Actor,
  change: AuditedChange<T>,
): Promise<T> {
  const { value, audited } = await inTransaction(app.db, actor, change);
  if (audited) app.cache.clear();
  return value;
}

export async function commitAudited<T>(
  app: Pick<AppContext, "db">,
  actor: Actor,
  change: AuditedChange<T>,
): Promise<T> {
  return (await inTransaction(app.db, actor, change)).value;
}
