import { Link } from "react-router";

import type { getAuditLogPage } from "~/.server/data/audit.server";
import type { DataColumn } from "~/components/admin/data-table";
import {
  auditEntityLink,
  auditEntityName,
  formatUtcTimestamp,
  humaniseAuditKey,
} from "~/lib/audit";

import { AuditChanges } from "./audit-changes";

type AuditRow = Awaited<ReturnType<typeof getAuditLogPage>>["rows"][number];

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
    className: "align-top",
    cell: (entry) => entry.actorEmail ?? "unknown",
  },
  { id: "action", header: "Action", className: "align-top", cell: (entry) => entry.action },
  {
    id: "entity",
    header: "Entity",
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
  { id: "changes", header: "Changes", cell: (entry) => <AuditChanges details={entry.details} /> },
];
