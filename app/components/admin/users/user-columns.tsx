import { KeyRound, Loader2, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

import type { AdminUserRow } from "~/lib/admin-users";
import type { DataColumn } from "~/components/admin/data-table";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { formatLastScraped, usernameFromEmail } from "~/lib/format";

import { useUsersToast, type UsersResult } from "./users-toast";

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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${user.email}`}
          title="Remove admin privileges"
          disabled={!user.isAdmin}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      }
      title="Are you sure?"
      description={`This removes the admin privileges of ${user.email}. The account itself is kept.`}
      confirmLabel={
        <>
          {processing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {processing ? "Removing…" : "Remove"}
        </>
      }
      confirmVariant="destructive"
      onConfirm={() =>
        void fetcher.submit({ intent: "remove-admin", userId: user.id }, { method: "post" })
      }
      busy={processing}
    />
  );
}

/** Ties a row's Status badge to its admin switch, so both show the change at once. */
const toggleKey = (user: AdminUserRow) => `toggle-admin-${user.id}`;

function useOptimisticAdmin(user: AdminUserRow) {
  const toggle = useFetcher<UsersResult>({ key: toggleKey(user) });
  return { toggle, isAdmin: toggle.state !== "idle" ? !user.isAdmin : user.isAdmin };
}

function StatusBadge({ user }: { user: AdminUserRow }) {
  const { isAdmin } = useOptimisticAdmin(user);
  return <Badge variant={isAdmin ? "default" : "secondary"}>{isAdmin ? "Admin" : "User"}</Badge>;
}

function UserActions({ user }: { user: AdminUserRow }) {
  const { toggle, isAdmin } = useOptimisticAdmin(user);
  const reset = useFetcher<UsersResult>();
  useUsersToast(toggle.data);
  useUsersToast(reset.data);
  return (
    <div className="flex items-center gap-1">
      {/* Admin rights open the whole back office: a change is asked about, never one key press. */}
      <ConfirmDialog
        trigger={
          <Switch
            checked={isAdmin}
            disabled={toggle.state !== "idle"}
            aria-label={`Admin status for ${user.email}`}
          />
        }
        title={isAdmin ? "Remove admin rights?" : "Make this account an admin?"}
        description={
          isAdmin
            ? `${user.email} will no longer reach the admin area. The account itself is kept.`
            : `${user.email} will be able to change everything in the admin area.`
        }
        confirmLabel={isAdmin ? "Remove admin rights" : "Make admin"}
        confirmVariant={isAdmin ? "destructive" : "default"}
        onConfirm={() =>
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
  );
}

/**
 * The users table's columns: SPEC.md's Username, Email, Saved Deals, Last Login, Status, Actions,
 * and whether the account confirmed its e-mail address.
 */
export const USER_COLUMNS: DataColumn<AdminUserRow>[] = [
  {
    id: "username",
    header: "Username",
    className: "font-medium",
    cell: (user) => usernameFromEmail(user.email),
  },
  {
    id: "email",
    header: "Email",
    sortKey: "email",
    className: "max-w-56 truncate",
    cell: (user) => user.email || "N/A",
  },
  {
    id: "verified",
    header: "Verified",
    cell: (user) =>
      user.emailVerified ? (
        <Badge variant="outline">Confirmed</Badge>
      ) : (
        <span className="text-muted-foreground">Not confirmed</span>
      ),
  },
  {
    id: "deals",
    header: "Saved Deals",
    sortKey: "deals",
    className: "tabular-nums",
    cell: (user) => user.dealsCount,
  },
  {
    id: "lastLogin",
    header: "Last Login",
    sortKey: "lastLogin",
    className: "whitespace-nowrap",
    cell: (user) => (user.lastLoginAt ? formatLastScraped(user.lastLoginAt) : "Never"),
  },
  { id: "status", header: "Status", cell: (user) => <StatusBadge user={user} /> },
  { id: "actions", header: "Actions", cell: (user) => <UserActions user={user} /> },
];
