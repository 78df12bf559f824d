import { Search } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { toast } from "sonner";

import { adminOf } from "~/.server/admin-guard.server";
import { SortHeader } from "~/components/admin/sort-header";
import { AddAdminDialog } from "~/components/admin/users/add-admin-dialog";
import { UserRow } from "~/components/admin/users/user-row";
import { Input } from "~/components/ui/input";
import { PaginationControls } from "~/components/ui/pagination-controls";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { USERS_PAGE_SIZE, USERS_TABLE } from "~/lib/forms/users";
import { pageCount, TABLE_QUERY_MAX } from "~/lib/table-query";

import type { Route } from "./+types/users";
import { handleUserAction, loadUsersPage } from "./users.server";

export const meta: Route.MetaFunction = () => [{ title: "Users · Admin · PeptidePrices" }];

const LOAD_FAILED = "You don't have sufficient privileges to access user data.";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadUsersPage(context.app, adminOf(context), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return handleUserAction(context.app, admin, await request.formData());
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, query, table, loadFailed } = loaderData;
  const sortHref = (sort: (typeof USERS_TABLE.spec.sorts)[number]) => {
    const next = USERS_TABLE.toggleSort(table, sort);
    return USERS_TABLE.hrefFor(table, { sort: next.sort, dir: next.dir });
  };
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
        {table.sort !== USERS_TABLE.spec.defaultSort || table.dir !== "desc" ? (
          <>
            <input type="hidden" name="sort" value={table.sort} />
            <input type="hidden" name="dir" value={table.dir} />
          </>
        ) : null}
        <Input
          type="search"
          name="q"
          maxLength={TABLE_QUERY_MAX}
          defaultValue={query}
          placeholder="Search users..."
          aria-label="Search users"
          className="pl-8"
        />
      </Form>
      <div className="overflow-x-auto rounded-md border" aria-busy={searching}>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Username</TableHead>
              <SortHeader label="Email" sort="email" table={table} href={sortHref} />
              <SortHeader label="Saved Deals" sort="deals" table={table} href={sortHref} />
              <SortHeader label="Last Login" sort="lastLogin" table={table} href={sortHref} />
              <TableHead>Status</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                  {loadFailed ? LOAD_FAILED : "No users found."}
                </TableCell>
              </TableRow>
            ) : (
              users.map((user) => <UserRow key={user.id} user={user} />)
            )}
          </TableBody>
        </Table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" data-testid="user-count">
          {total === 1 ? "1 user" : `${total.toLocaleString("en-US")} users`}
        </p>
        <PaginationControls
          page={table.page}
          pageCount={pageCount(total, USERS_PAGE_SIZE)}
          hrefForPage={(page) => USERS_TABLE.hrefFor(table, { page })}
          label="Users pages"
        />
      </div>
    </div>
  );
}
