import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatLastScraped } from "~/lib/format";

interface AuditRow {
  id: string;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  createdAt: Date | string;
}

/** The latest admin changes (the full, searchable log is at /admin/audit). */
export function RecentAuditCard({ audit }: { audit: AuditRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
        <CardDescription>The latest admin changes: who, what and when.</CardDescription>
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
                      {entry.entity}
                      {entry.entityId ? ` ${entry.entityId}` : ""}
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
