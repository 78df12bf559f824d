import type { ColumnDef } from "@tanstack/react-table";
import { RotateCcw } from "lucide-react";
import { useMemo } from "react";
import { Form, useFetcher, useNavigation } from "react-router";

import { adminOf } from "~/.server/admin-guard.server";
import { getTrashPage, type TrashListItem } from "~/.server/data/trash.server";
import { DataTable, serverPaging } from "~/components/admin/data-table";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { failure, type ActionResult } from "~/lib/action-result";
import { formatLastScraped } from "~/lib/format";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import {
  TRASH_PAGE_SIZE,
  TRASH_RETENTION_DAYS,
  TRASH_TABLE,
  trashActionSchema,
} from "~/lib/forms/trash";
import { clampPage, TABLE_QUERY_MAX } from "~/lib/table-query";

import type { Route } from "./+types/trash";
import { handleTrashAction } from "./trash.server";

const RESTORE_FETCHER_KEY = "trash-restore";

export function meta() {
  return [{ title: "Trash · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = TRASH_TABLE.parse(new URL(request.url).searchParams);
  const read = (page: number) =>
    getTrashPage(context.app.db, { ...query, page, pageSize: TRASH_PAGE_SIZE });
  let result = await read(query.page);
  const page = clampPage(query.page, result.total, TRASH_PAGE_SIZE);
  if (page !== query.page) result = await read(page);
  return { query: { ...query, page }, ...result };
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
  const columns = useMemo<ColumnDef<TrashListItem, unknown>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      { id: "entity", header: "Kind", cell: ({ row }) => row.original.entityLabel },
      {
        id: "deletedAt",
        header: "Deleted",
        cell: ({ row }) => (
          <span className="text-sm">
            {formatLastScraped(row.original.deletedAt)}
            {row.original.deletedByEmail ? (
              <span className="block text-muted-foreground">by {row.original.deletedByEmail}</span>
            ) : null}
          </span>
        ),
      },
      {
        id: "actions",
        header: "Actions",
        enableSorting: false,
        cell: ({ row }) => <RestoreButton item={row.original} />,
      },
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
        data={rows}
        pageSize={TRASH_PAGE_SIZE}
        server={serverPaging(TRASH_TABLE, query, total)}
        emptyMessage={query.q ? "Nothing in the trash matches." : "The trash is empty."}
        getRowId={(row) => row.id}
      />
    </section>
  );
}
