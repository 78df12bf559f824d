import { Link } from "react-router";

import type { DataColumn } from "~/components/admin/data-table";
import {
  auditEntityLink,
  auditEntityName,
  formatUtcTimestamp,
  humaniseAuditKey,
  type AuditLogEntry,
} from "~/lib/audit";

import { AuditChanges } from "./audit-changes";

type AuditRow = AuditLogEntry;

/** The audit log's columns: when, who, what, which record (linked while it exists), the diff. */
export const AUDIT_COLUMNS: DataColumn<AuditRow>[] = [
  {
    id: "time",
    header: "Time (UTC)",
    className: "align-top whitespace-nowrap tabular-nums",
    cell: (entry) => (
      <time dateTime={new Date(entry.createdAt).toISOString()}>
        {formatUtcTimestamp(entry.createdAt)}
      </time>
    ),
  },
  {
    id: "actor",
    header: "Actor",
    // Long addresses and names are cut or wrapped, so the Changes column stays on screen at
    // 1366 px; the full text is on hover (title) or simply wrapped.
    className: "align-top max-w-48 truncate",
    cell: (entry) => (
      <span title={entry.actorEmail ?? undefined}>{entry.actorEmail ?? "unknown"}</span>
    ),
  },
  { id: "action", header: "Action", className: "align-top", cell: (entry) => entry.action },
  {
    id: "entity",
    header: "Entity",
    className: "align-top min-w-32 max-w-64 whitespace-normal [overflow-wrap:anywhere]",
    cell: (entry) => {
      const name = auditEntityName(entry.details, entry.entityId);
      const link = auditEntityLink({
        entity: entry.entity,
        action: entry.action,
        name: auditEntityName(entry.details, null),
      });
      return (
        <>
          <span className="block text-xs text-muted-foreground">
            {humaniseAuditKey(entry.entity)}
          </span>
          {link ? (
            <Link to={link} className="font-medium underline-offset-4 hover:underline">
              {name ?? humaniseAuditKey(entry.entity)}
            </Link>
          ) : (
            <span className="font-medium">{name ?? "—"}</span>
          )}
        </>
      );
    },
  },
  {
    id: "changes",
    header: "Changes",
    className: "align-top min-w-48 whitespace-normal [overflow-wrap:anywhere]",
    cell: (entry) => <AuditChanges details={entry.details} references={entry.references} />,
  },
];
