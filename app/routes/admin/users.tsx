import { Search } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { toast } from "~/components/ui/toast";

import { adminOf } from "~/.server/http/admin-guard.server";
import { DataTable } from "~/components/admin/data-table";
import { TableStateInputs } from "~/components/admin/table-filter-form";
import { AddAdminDialog } from "~/components/admin/users/add-admin-dialog";
import { USER_COLUMNS } from "~/components/admin/users/user-columns";
import { Input } from "~/components/ui/input";
import { USERS_TABLE } from "~/lib/forms/users";
import { TABLE_QUERY_MAX } from "~/lib/table-query";

import type { Route } from "./+types/users";
import { handleUserAction, loadUsersPage } from "./users.server";
import { appOf } from "~/.server/platform/context.server";

export const meta: Route.MetaFunction = () => [{ title: "Users · Admin · PeptidePrices" }];

const LOAD_FAILED = "You don't have sufficient privileges to access user data.";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadUsersPage(appOf(context), adminOf(context), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return handleUserAction(appOf(context), admin, await request.formData());
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, query: table, loadFailed } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const searching =
    navigation.state === "loading" && navigation.location.pathname === "/admin/users";
  useEffect(() => {
    if (loadFailed) toast.error("Error", { description: LOAD_FAILED });
  }, [loadFailed]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Users</h1>
          <p className="text-sm text-muted-foreground">
            Accounts, admin rights and password resets.
          </p>
        </div>
        <AddAdminDialog />
      </div>
      <Form
        method="get"
        role="search"
        className="relative max-w-sm"
        onChange={(event) => void submit(event.currentTarget, { replace: true })}
      >
        <Search
          className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
          aria-hidden
        />
        <TableStateInputs table={USERS_TABLE} query={table} />
        <Input
          type="search"
          name="q"
          maxLength={TABLE_QUERY_MAX}
          defaultValue={table.q}
          placeholder="Search users..."
          aria-label="Search users"
          className="pl-8"
        />
      </Form>
      <div aria-busy={searching}>
        <DataTable
          label="Users"
          columns={USER_COLUMNS}
          rows={users}
          total={total}
          table={USERS_TABLE}
          query={table}
          getRowId={(user) => user.id}
          emptyMessage={loadFailed ? LOAD_FAILED : "No users found."}
          countLabel={(count) =>
            count === 1 ? "1 user" : `${count.toLocaleString("en-US")} users`
          }
        />
      </div>
    </div>
  );
}
