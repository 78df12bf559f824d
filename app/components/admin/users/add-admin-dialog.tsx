import { Loader2, UserPlus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";

import { Field } from "~/components/admin/form-controls";
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
import { fieldErrorsOf } from "~/lib/forms/form-data";
import { addAdminSchema, EMAIL_MAX, USER_MESSAGES } from "~/lib/forms/users";
import { useUsersToast, type UsersResult } from "./users-toast";

/** Grant admin rights by e-mail; a refused address stays typed, with the reason under it. */
export function AddAdminDialog() {
  const fetcher = useFetcher<UsersResult>();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [clientErrors, setClientErrors] = useState<string[] | null>(null);
  const saving = fetcher.state !== "idle";
  useUsersToast(fetcher.data, () => {
    setOpen(false);
    setEmail("");
  });
  const serverErrors =
    fetcher.state === "idle" && fetcher.data && !fetcher.data.ok
      ? fetcher.data.fieldErrors?.email
      : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = addAdminSchema.safeParse({ email });
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error).email ?? [USER_MESSAGES.invalidEmail];
      setClientErrors(errors);
      toast.error(USER_MESSAGES.invalidEmailTitle, { description: errors[0] });
      return;
    }
    setClientErrors(null);
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
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add Admin</DialogTitle>
            <DialogDescription>The user must already have an account.</DialogDescription>
          </DialogHeader>
          <Field id="add-admin-email" label="Email" errors={clientErrors ?? serverErrors}>
            <Input
              type="text"
              inputMode="email"
              autoComplete="off"
              maxLength={EMAIL_MAX}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="user@example.com"
            />
          </Field>
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
