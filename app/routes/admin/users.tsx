import { KeyRound, Loader2, Search, Trash2, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useFetcher, useNavigation, useSubmit } from "react-router";
import { toast } from "sonner";

import { requireAdmin } from "~/.server/auth.server";
import {
  findUserByEmail,
  findUserById,
  getUsersForAdmin,
  grantAdmin,
  LastAdminError,
  revokeAdmin,
  type AdminUserRow,
} from "~/.server/data/admin-users.server";
import { recordAudit } from "~/.server/data/audit.server";
import { writeFailure } from "~/.server/write-errors.server";
import { failure } from "~/lib/action-result";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import type { ActionResult } from "~/lib/action-result";
import { formatLastScraped, usernameFromEmail } from "~/lib/format";
import { formFields } from "~/lib/forms/form-data";
import { addAdminSchema, CONTENT_MESSAGES, usersActionSchema } from "~/lib/forms/content";

import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users · Admin · PeptidePrices" }];

const LOAD_FAILED = "You don't have sufficient privileges to access user data.";

/** SPEC.md's user toasts have a title and a description. */
type UsersResult = ActionResult & { description?: string };

function success(message: string, description?: string): UsersResult {
  return { ok: true, message, description };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.app, request);
  const query = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  try {
    const { users, total } = await getUsersForAdmin(context.app.db, { query });
    return { users, total, query, currentUserId: admin.id, loadFailed: false };
  } catch (error) {
    context.app.logger.error({ err: error }, "loading users failed");
    return {
      users: [] as AdminUserRow[],
      total: 0,
      query,
      currentUserId: admin.id,
      loadFailed: true,
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.app, request);
  const { app } = context;
  const fields = formFields(await request.formData());
  const parsed = usersActionSchema.safeParse(fields);
  if (!parsed.success) {
    if (fields.intent === "add-admin") {
      return failure(CONTENT_MESSAGES.invalidEmail, 400, CONTENT_MESSAGES.invalidEmailTitle);
    }
    return failure(parsed.error.issues[0]?.message ?? "Invalid request", 400);
  }
  const input = parsed.data;

  if (input.intent === "add-admin") {
    const account = await findUserByEmail(app.db, input.email);
    if (!account)
      return failure(CONTENT_MESSAGES.accountRequired, 404, CONTENT_MESSAGES.addAdminFailed);
    try {
      const added = await grantAdmin(app.db, {
        userId: account.id,
        email: account.email,
        addedBy: admin.id,
      });
      if (!added)
        return failure(CONTENT_MESSAGES.alreadyAdmin, 409, CONTENT_MESSAGES.alreadyAdminTitle);
    } catch (error) {
      return writeFailure(app, error, "adding an admin", CONTENT_MESSAGES.addAdminFailed);
    }
    await recordAudit(app.db, admin, {
      action: "grant",
      entity: "admin_users",
      entityId: account.id,
      details: { email: account.email },
    });
    return success(CONTENT_MESSAGES.adminAdded);
  }

  const target = await findUserById(app.db, input.userId);
  if (!target) return failure("User not found", 404);

  if (input.intent === "reset-password") {
    try {
      await app.auth.api.requestPasswordReset({
        body: { email: target.email, redirectTo: "/reset-password" },
      });
    } catch (error) {
      app.logger.error({ err: error }, "password reset e-mail failed");
      return failure(CONTENT_MESSAGES.resetFailed, 500);
    }
    await recordAudit(app.db, admin, {
      action: "send",
      entity: "password_reset",
      entityId: target.id,
      details: { email: target.email },
    });
    return success(CONTENT_MESSAGES.resetSent);
  }

  if (input.intent === "toggle-admin") {
    try {
      if (await revokeAdmin(app.db, target.id)) {
        await recordAudit(app.db, admin, {
          action: "revoke",
          entity: "admin_users",
          entityId: target.id,
          details: { email: target.email },
        });
        return success(CONTENT_MESSAGES.adminRemoved);
      }
      await grantAdmin(app.db, { userId: target.id, email: target.email, addedBy: admin.id });
      await recordAudit(app.db, admin, {
        action: "grant",
        entity: "admin_users",
        entityId: target.id,
        details: { email: target.email },
      });
      return success(CONTENT_MESSAGES.adminGranted);
    } catch (error) {
      if (error instanceof LastAdminError)
        return failure(error.message, 409, CONTENT_MESSAGES.adminToggleFailed);
      return writeFailure(app, error, "admin toggle", CONTENT_MESSAGES.adminToggleFailed);
    }
  }

  try {
    if (!(await revokeAdmin(app.db, target.id)))
      return failure(CONTENT_MESSAGES.userUpdateFailed, 400);
  } catch (error) {
    if (error instanceof LastAdminError) return failure(error.message, 409);
    return writeFailure(app, error, "removing admin rights", CONTENT_MESSAGES.userUpdateFailed);
  }
  await recordAudit(app.db, admin, {
    action: "revoke",
    entity: "admin_users",
    entityId: target.id,
    details: { email: target.email },
  });
  return success(CONTENT_MESSAGES.userUpdated, CONTENT_MESSAGES.userPrivilegesRemoved);
}

function useUsersToast(result: UsersResult | undefined, onSuccess?: () => void) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(
        result.message,
        result.description ? { description: result.description } : undefined,
      );
      onSuccess?.();
    } else {
      toast.error(result.title ?? "Error", { description: result.error });
    }
    // A new result toasts once; the callback changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}

function AddAdminDialog() {
  const fetcher = useFetcher<UsersResult>();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const saving = fetcher.state !== "idle";
  useUsersToast(fetcher.data, () => {
    setOpen(false);
    setEmail("");
  });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!addAdminSchema.safeParse({ email }).success) {
      toast.error(CONTENT_MESSAGES.invalidEmailTitle, {
        description: CONTENT_MESSAGES.invalidEmail,
      });
      return;
    }
    void fetcher.submit({ intent: "add-admin", email }, { method: "post" });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus className="size-4" aria-hidden />
          Add Admin
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add Admin</DialogTitle>
            <DialogDescription>The user must already have an account.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="add-admin-email">Email</Label>
            <Input
              id="add-admin-email"
              type="text"
              inputMode="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="user@example.com"
            />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={email.trim() === "" || saving}>
              {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
              Add Admin
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemoveAdminButton({ user }: { user: AdminUserRow }) {
  const fetcher = useFetcher<UsersResult>();
  const [open, setOpen] = useState(false);
  const processing = fetcher.state !== "idle";
  useUsersToast(fetcher.data);
  // The dialog closes once the answer is in, never while it is being worked on.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setOpen(false);
  }, [fetcher.state, fetcher.data]);

  return (
    <AlertDialog open={open} onOpenChange={(next) => !processing && setOpen(next)}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${user.email}`}
        title="Remove admin privileges"
        disabled={!user.isAdmin}
        onClick={() => setOpen(true)}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
      <AlertDialogContent onEscapeKeyDown={(event) => processing && event.preventDefault()}>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure?</AlertDialogTitle>
          <AlertDialogDescription>
            This removes the admin privileges of {user.email}. The account itself is kept.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={processing}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={processing}
            onClick={() =>
              void fetcher.submit({ intent: "remove-admin", userId: user.id }, { method: "post" })
            }
          >
            {processing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {processing ? "Removing…" : "Remove"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function UserRow({ user }: { user: AdminUserRow }) {
  const toggle = useFetcher<UsersResult>();
  const reset = useFetcher<UsersResult>();
  useUsersToast(toggle.data);
  useUsersToast(reset.data);
  const optimisticAdmin = toggle.state !== "idle" ? !user.isAdmin : user.isAdmin;
  return (
    <TableRow>
      <TableCell className="font-medium">{usernameFromEmail(user.email)}</TableCell>
      <TableCell className="max-w-56 truncate">{user.email || "N/A"}</TableCell>
      <TableCell className="tabular-nums">{user.dealsCount}</TableCell>
      <TableCell className="whitespace-nowrap">
        {user.lastLoginAt ? formatLastScraped(user.lastLoginAt) : "Never"}
      </TableCell>
      <TableCell>
        <Badge variant={optimisticAdmin ? "default" : "secondary"}>
          {optimisticAdmin ? "Admin" : "User"}
        </Badge>
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-1">
          <Switch
            checked={optimisticAdmin}
            disabled={toggle.state !== "idle"}
            aria-label={`Admin status for ${user.email}`}
            onCheckedChange={() =>
              void toggle.submit({ intent: "toggle-admin", userId: user.id }, { method: "post" })
            }
          />
          <Button
            variant="ghost"
            size="sm"
            disabled={reset.state !== "idle"}
            aria-label={`Reset password of ${user.email}`}
            onClick={() =>
              void reset.submit({ intent: "reset-password", userId: user.id }, { method: "post" })
            }
          >
            <KeyRound className="size-4" aria-hidden />
            Reset
          </Button>
          <RemoveAdminButton user={user} />
        </div>
      </TableCell>
    </TableRow>
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, query, loadFailed } = loaderData;
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
        <Input
          type="search"
          name="q"
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
              <TableHead>Email</TableHead>
              <TableHead>Saved Deals</TableHead>
              <TableHead>Last Login</TableHead>
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
      <p className="text-sm text-muted-foreground" data-testid="user-count">
        {total === 1 ? "1 user" : `${total} users`}
        {users.length < total ? ` (showing the first ${users.length})` : ""}
      </p>
    </div>
  );
}
