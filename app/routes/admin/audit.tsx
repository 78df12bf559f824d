import { Form, Link } from "react-router";

import { getAuditEntityKinds, getAuditLogPage } from "~/.server/data/audit.server";
import { AUDIT_COLUMNS } from "~/components/admin/audit/audit-columns";
import { DataTable } from "~/components/admin/data-table";
import { TableStateInputs } from "~/components/admin/table-filter-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AUDIT_ACTOR_MAX, AUDIT_TABLE } from "~/lib/admin-tables";
import { humaniseAuditKey } from "~/lib/audit";
import { readTablePage, TABLE_QUERY_MAX } from "~/lib/table-query";

import type { Route } from "./+types/audit";
import { appOf } from "~/.server/platform/context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = AUDIT_TABLE.parse(new URL(request.url).searchParams);
  const { db } = appOf(context);
  const [table, entityKinds] = await Promise.all([
    readTablePage(requested, (page) =>
      getAuditLogPage(db, {
        ...requested.filters,
        q: requested.q,
        dir: requested.dir,
        page,
        pageSize: requested.pageSize,
      }),
    ),
    getAuditEntityKinds(db),
  ]);
  return { ...table, entityKinds };
}

export function meta() {
  return [{ title: "Audit log · Admin · PeptidePrices" }, { name: "robots", content: "noindex" }];
}

const SELECT_CLASS =
  "h-9 w-full min-w-40 rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, entityKinds } = loaderData;
  const filtered = Boolean(query.q || query.filters.entity || query.filters.actor);
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
        <TableStateInputs table={AUDIT_TABLE} query={query} />
        <div className="grid gap-1.5">
          <Label htmlFor="audit-q">Item</Label>
          <Input
            id="audit-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={TABLE_QUERY_MAX}
            placeholder="Name or id"
            className="w-56"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-entity">Entity</Label>
          <select
            id="audit-entity"
            name="entity"
            defaultValue={query.filters.entity ?? ""}
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
            defaultValue={query.filters.actor ?? ""}
            maxLength={AUDIT_ACTOR_MAX}
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

      <DataTable
        label="Audit log"
        columns={AUDIT_COLUMNS}
        rows={rows}
        total={total}
        table={AUDIT_TABLE}
        query={query}
        getRowId={(entry) => entry.id}
        emptyMessage={
          filtered ? "No entry matches the filter." : "No admin change has been recorded yet."
        }
        countLabel={(count) =>
          `${count.toLocaleString("en-US")} ${count === 1 ? "entry" : "entries"}`
        }
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      layout="section"
      fallback={{
        title: "Audit log",
        message: "The audit log could not be loaded. Please try again.",
      }}
      link={{ to: "/admin/audit", label: "Back to the audit log", variant: "outline" }}
    />
  );
}
