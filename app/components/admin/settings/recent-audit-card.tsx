import { Link } from "react-router";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { SimpleTable, type SimpleColumn } from "~/components/admin/data-table";
import { auditEntityName, humaniseAuditKey, type AuditLogEntry } from "~/lib/audit";
import { formatLastScraped } from "~/lib/format";

/** An audit entry as the dashboard's loader sends it (its date may arrive as a string). */
type AuditRow = Omit<AuditLogEntry, "createdAt"> & { createdAt: Date | string };

const RECENT_AUDIT_COLUMNS: SimpleColumn<AuditRow>[] = [
  {
    header: "When",
    className: "whitespace-nowrap",
    cell: (entry) => formatLastScraped(entry.createdAt),
  },
  { header: "Who", className: "max-w-48 truncate", cell: (entry) => entry.actorEmail ?? "Unknown" },
  { header: "Action", cell: (entry) => entry.action },
  {
    header: "What",
    className: "max-w-64 truncate",
    // The name the entry recorded; only entries older than names show an id.
    cell: (entry) =>
      `${humaniseAuditKey(entry.entity)} ${auditEntityName(entry.details, entry.entityId) ?? ""}`.trim(),
  },
];

/** The latest admin changes (the full, searchable log is at /admin/audit). */
export function RecentAuditCard({ audit }: { audit: AuditRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
        <CardDescription>
          The latest admin changes: who, what and when.{" "}
          <Link to="/admin/audit" className="text-primary underline underline-offset-4">
            Open the audit log
          </Link>{" "}
          for every change, field by field.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {audit.length === 0 ? (
          <p className="text-sm text-muted-foreground">No admin changes recorded yet.</p>
        ) : (
          <SimpleTable
            label="Audit log"
            columns={RECENT_AUDIT_COLUMNS}
            rows={audit}
            rowKey={(entry) => entry.id}
          />
        )}
      </CardContent>
    </Card>
  );
}
