import { Link } from "react-router";

import { appOf } from "~/.server/platform/context.server";
import { AuthCard, AuthField, AuthForm, FormMessage } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { INVALID_RESET_LINK, PASSWORD_MIN_LENGTH, resetPasswordSchema } from "~/lib/forms/auth";

import type { Route } from "./+types/reset-password";
import { resetPasswordAction, resetPasswordLoader } from "./sign-in.server";

export function meta() {
  return [{ title: "Set a new password · PeptidePrices" }];
}

export function loader({ request }: Route.LoaderArgs) {
  return resetPasswordLoader(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return resetPasswordAction(appOf(context), request);
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  if (!loaderData.token) {
    return (
      <AuthCard title="Set a new password">
        <FormMessage result={{ ok: false, error: INVALID_RESET_LINK }} />
        <Button asChild>
          <Link to="/forgot-password">Send a new link</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Set a new password"
      description={`Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`}
    >
      <AuthForm
        schema={resetPasswordSchema}
        submitLabel="Set new password"
        pendingLabel="Saving..."
      >
        <input type="hidden" name="token" value={loaderData.token} />
        <AuthField name="password" label="New password" autoComplete="new-password" />
        <AuthField
          name="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
        />
      </AuthForm>
    </AuthCard>
  );
}
