import { Form, useNavigation } from "react-router";

import { adminOf } from "~/.server/http/admin-guard.server";
import { getTrashPage } from "~/.server/data/trash.server";
import { DataTable } from "~/components/admin/data-table";
import { RESTORE_FETCHER_KEY, TRASH_COLUMNS } from "~/components/admin/trash/trash-columns";
import { TableStateInputs } from "~/components/admin/table-filter-form";
import { useFetcherToast } from "~/components/admin/confirm-delete-button";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { failure } from "~/lib/action-result";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { TRASH_RETENTION_DAYS, TRASH_TABLE, trashActionSchema } from "~/lib/forms/trash";
import { readTablePage, TABLE_QUERY_MAX } from "~/lib/table-query";

import type { Route } from "./+types/trash";
import { handleTrashAction } from "./trash.server";
import { appOf } from "~/.server/platform/context.server";

export function meta() {
  return [{ title: "Trash · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = TRASH_TABLE.parse(new URL(request.url).searchParams);
  return readTablePage(query, (page) => getTrashPage(appOf(context).db, { ...query, page }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const parsed = trashActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  return handleTrashAction(appOf(context), admin, parsed.data);
}

export default function AdminTrash({ loaderData }: Route.ComponentProps) {
  const { query, rows, total } = loaderData;
  const navigation = useNavigation();
  useFetcherToast(RESTORE_FETCHER_KEY);

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
        columns={TRASH_COLUMNS}
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
