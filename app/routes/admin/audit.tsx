import { Form, data, isRouteErrorResponse, Link } from "react-router";

import { getAuditEntityKinds, getAuditLogPage } from "~/.server/data/audit.server";
import { AuditChanges } from "~/components/admin/audit/audit-changes";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PaginationControls } from "~/components/ui/pagination-controls";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import {
  auditEntityLink,
  auditEntityName,
  formatUtcTimestamp,
  humaniseAuditKey,
} from "~/lib/audit";
import { AUDIT_PAGE_SIZE, auditLogHref, auditLogQuerySchema } from "~/lib/forms/audit";

import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const parsed = auditLogQuerySchema.safeParse({
    entity: search.get("entity") ?? undefined,
    actor: search.get("actor") ?? undefined,
    page: search.get("page") ?? undefined,
  });
  if (!parsed.success) {
    throw data(parsed.error.issues[0]?.message ?? "Invalid filter", { status: 400 });
  }
  const query = parsed.data;
  const { db } = context.app;
  const [{ rows, total }, entityKinds] = await Promise.all([
    getAuditLogPage(db, { ...query, pageSize: AUDIT_PAGE_SIZE }),
    getAuditEntityKinds(db),
  ]);
  return { query, rows, total, entityKinds, pageCount: Math.ceil(total / AUDIT_PAGE_SIZE) };
}

export function meta() {
  return [{ title: "Audit log · Admin · PeptidePrices" }, { name: "robots", content: "noindex" }];
}

const SELECT_CLASS =
  "h-9 w-full min-w-40 rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, entityKinds, pageCount } = loaderData;
  const filtered = Boolean(query.entity || query.actor);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
        <p className="text-sm text-muted-foreground">
          Who changed what in the back office, field by field. {total}{" "}
          {total === 1 ? "entry" : "entries"}
          {filtered ? " match the filter" : ""}.
        </p>
      </div>

      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-entity">Entity</Label>
          <select
            id="audit-entity"
            name="entity"
            defaultValue={query.entity ?? ""}
            className={SELECT_CLASS}
          >
            <option value="">All entities</option>
            {entityKinds.map((entity) => (
              <option key={entity} value={entity}>
                {humaniseAuditKey(entity)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-actor">Actor e-mail</Label>
          <Input
            id="audit-actor"
            name="actor"
            type="search"
            defaultValue={query.actor ?? ""}
            placeholder="admin@example.com"
            className="w-64"
          />
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {filtered ? (
          <Button asChild variant="ghost">
            <Link to="/admin/audit">Clear</Link>
          </Button>
        ) : null}
      </Form>

      <div className="overflow-x-auto rounded-md border">
        <Table aria-label="Audit log">
          <TableHeader>
            <TableRow>
              <TableHead>Time (UTC)</TableHead>
              <TableHead>Actor</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Entity</TableHead>
              <TableHead>Changes</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="h-20 text-center text-muted-foreground">
                  {filtered
                    ? "No entry matches the filter."
                    : "No admin change has been recorded yet."}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((entry) => {
                const name = auditEntityName(entry.details, entry.entityId);
                const link = auditEntityLink(entry.entity, entry.action);
                return (
                  <TableRow key={entry.id}>
                    <TableCell className="align-top whitespace-nowrap tabular-nums">
                      <time dateTime={new Date(entry.createdAt).toISOString()}>
                        {formatUtcTimestamp(entry.createdAt)}
                      </time>
                    </TableCell>
                    <TableCell className="align-top">{entry.actorEmail ?? "unknown"}</TableCell>
                    <TableCell className="align-top">{entry.action}</TableCell>
                    <TableCell className="align-top whitespace-normal">
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
                    </TableCell>
                    <TableCell className="align-top whitespace-normal">
                      <AuditChanges details={entry.details} />
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>

      <PaginationControls
        page={query.page}
        pageCount={pageCount}
        hrefForPage={(page) => auditLogHref({ ...query, page })}
        label="Audit log pages"
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && error.status === 400
      ? String(error.data)
      : "The audit log could not be loaded. Please try again.";
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
      <p role="alert" className="text-destructive">
        {message}
      </p>
      <Button asChild variant="outline">
        <Link to="/admin/audit">Back to the audit log</Link>
      </Button>
    </div>
  );
}
