import { Link } from "react-router";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { auditEntityName, humaniseAuditKey } from "~/lib/audit";
import { formatLastScraped } from "~/lib/format";

interface AuditRow {
  id: string;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  details: unknown;
  createdAt: Date | string;
}

/** The latest admin changes (the full, searchable log is at /admin/audit). */
export function RecentAuditCard({ audit }: { audit: AuditRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
        <CardDescription>
          The latest admin changes: who, what and when.{" "}
          <Link to="/admin/audit" className="text-primary underline-offset-4 hover:underline">
            Open the audit log
          </Link>{" "}
          for every change, field by field.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {audit.length === 0 ? (
          <p className="text-sm text-muted-foreground">No admin changes recorded yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <Table aria-label="Audit log">
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Who</TableHead>
                  <TableHead>Action</TableHead>
                  <TableHead>What</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {audit.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell className="whitespace-nowrap">
                      {formatLastScraped(entry.createdAt)}
                    </TableCell>
                    <TableCell className="max-w-48 truncate">
                      {entry.actorEmail ?? "Unknown"}
                    </TableCell>
                    <TableCell>{entry.action}</TableCell>
                    <TableCell className="max-w-64 truncate">
                      {/* The name the entry recorded; only entries older than names show an id. */}
                      {`${humaniseAuditKey(entry.entity)} ${auditEntityName(entry.details, entry.entityId) ?? ""}`.trim()}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
