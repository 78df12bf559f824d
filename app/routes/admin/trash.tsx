import { RotateCcw } from "lucide-react";
import { useMemo } from "react";
import { Form, useFetcher, useNavigation } from "react-router";

import { adminOf } from "~/.server/admin-guard.server";
import { getTrashPage, type TrashListItem } from "~/.server/data/trash.server";
import { DataTable, type DataColumn } from "~/components/admin/data-table";
import { TableStateInputs } from "~/components/admin/table-filter-form";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { failure, type ActionResult } from "~/lib/action-result";
import { formatLastScraped } from "~/lib/format";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { TRASH_RETENTION_DAYS, TRASH_TABLE, trashActionSchema } from "~/lib/forms/trash";
import { readTablePage, TABLE_QUERY_MAX } from "~/lib/table-query";

import type { Route } from "./+types/trash";
import { handleTrashAction } from "./trash.server";

const RESTORE_FETCHER_KEY = "trash-restore";

export function meta() {
  return [{ title: "Trash · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = TRASH_TABLE.parse(new URL(request.url).searchParams);
  return readTablePage(TRASH_TABLE, query, (page) =>
    getTrashPage(context.app.db, { ...query, page, pageSize: TRASH_TABLE.pageSize }),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const parsed = trashActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  return handleTrashAction(context.app, admin, parsed.data);
}

function RestoreButton({ item }: { item: TrashListItem }) {
  const fetcher = useFetcher<ActionResult>({ key: RESTORE_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === item.id;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      aria-label={`Restore ${item.name}`}
      onClick={() => fetcher.submit({ intent: "restore-item", id: item.id }, { method: "post" })}
    >
      <RotateCcw aria-hidden />
      {busy ? "Restoring..." : "Restore"}
    </Button>
  );
}

export default function AdminTrash({ loaderData }: Route.ComponentProps) {
  const { query, rows, total } = loaderData;
  const navigation = useNavigation();
  useFetcherToast(RESTORE_FETCHER_KEY);
  const columns = useMemo<DataColumn<TrashListItem>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        sortKey: "name",
        cell: (row) => <span className="font-medium">{row.name}</span>,
      },
      { id: "entity", header: "Kind", sortKey: "entity", cell: (row) => row.entityLabel },
      {
        id: "deletedAt",
        header: "Deleted",
        sortKey: "deletedAt",
        cell: (row) => (
          <span className="text-sm">
            {formatLastScraped(row.deletedAt)}
            {row.deletedByEmail ? (
              <span className="block text-muted-foreground">by {row.deletedByEmail}</span>
            ) : null}
          </span>
        ),
      },
      { id: "actions", header: "Actions", cell: (row) => <RestoreButton item={row} /> },
    ],
    [],
  );

  return (
    <section aria-labelledby="trash-heading" className="space-y-4">
      <div>
        <h1 id="trash-heading" className="text-2xl font-semibold tracking-tight">
          Trash
        </h1>
        <p className="text-sm text-muted-foreground">
          Deleted items stay here {TRASH_RETENTION_DAYS} days, then they are removed for good.
        </p>
      </div>
      <Form method="get" role="search" className="flex max-w-md gap-2">
        <TableStateInputs table={TRASH_TABLE} query={query} />
        <label htmlFor="trash-search" className="sr-only">
          Search the trash
        </label>
        <Input
          id="trash-search"
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={TABLE_QUERY_MAX}
          placeholder="Search by name or kind"
        />
        <Button type="submit" variant="outline" disabled={navigation.state === "loading"}>
          Search
        </Button>
      </Form>
      <DataTable
        label="Trash"
        columns={columns}
        rows={rows}
        total={total}
        table={TRASH_TABLE}
        query={query}
        emptyMessage={query.q ? "Nothing in the trash matches." : "The trash is empty."}
        getRowId={(row) => row.id}
        countLabel={(count) =>
          count === 1 ? "1 result" : `${count.toLocaleString("en-US")} results`
        }
      />
    </section>
  );
}
