import { UserPlus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";

import { Field, useDialogState } from "~/components/admin/form-controls";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { fieldErrorsOf } from "~/lib/forms/form-data";
import { addAdminSchema, EMAIL_MAX, USER_MESSAGES } from "~/lib/forms/users";

import type { UsersResult } from "./users-toast";

/** Grant admin rights by e-mail; a refused address stays typed, with the reason under it. */
export function AddAdminDialog() {
  const dialog = useDialogState<null>();
  return (
    <>
      <Button onClick={() => dialog.open()}>
        <UserPlus className="size-4" aria-hidden />
        Add Admin
      </Button>
      <AddAdminForm key={dialog.key} open={dialog.state.open} onClose={dialog.close} />
    </>
  );
}

function AddAdminForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<UsersResult>();
  const [email, setEmail] = useState("");
  const [clientErrors, setClientErrors] = useState<string[] | null>(null);
  const serverErrors =
    fetcher.state === "idle" && fetcher.data && !fetcher.data.ok
      ? fetcher.data.fieldErrors?.email
      : undefined;

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = addAdminSchema.safeParse({ email });
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors = fieldErrorsOf(parsed.error).email ?? [USER_MESSAGES.invalidEmail];
    setClientErrors(errors);
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      fetcher={fetcher}
      title="Add Admin"
      description="The user must already have an account."
      submitLabel="Add Admin"
      submitDisabled={email.trim() === ""}
      formProps={{ onSubmit: validate, noValidate: true }}
    >
      <input type="hidden" name="intent" value="add-admin" />
      <Field id="add-admin-email" label="Email" errors={clientErrors ?? serverErrors}>
        <Input
          name="email"
          type="text"
          inputMode="email"
          autoComplete="off"
          maxLength={EMAIL_MAX}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="user@example.com"
        />
      </Field>
    </FormDialog>
  );
}
