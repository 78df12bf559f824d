import { Form, Link } from "react-router";

import { guardAuthAction, redirectWithFlash } from "~/.server/services/auth-actions.server";
import { authErrorMessage, callAuthEndpoint } from "~/.server/services/auth.server";
import { failure } from "~/lib/action-result";
import { AuthCard, AuthField, FormMessage, useAuthForm } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import {
  AUTH_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordLengthError,
  resetPasswordSchema,
} from "~/lib/forms/auth";

import type { Route } from "./+types/reset-password";
import { formFields } from "~/lib/forms/form-data";
import { appOf } from "~/.server/infra/context.server";

const INVALID_LINK = "This reset link is invalid or has expired. Ask for a new one.";

export function meta() {
  return [{ title: "Set a new password · PeptidePrices" }];
}

/** better-auth's e-mailed link lands here as ?token=… (or ?error=INVALID_TOKEN). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: url.searchParams.has("error") ? null : token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const parsed = resetPasswordSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(INVALID_LINK, 400);
  const { token, password, confirmPassword } = parsed.data;
  if (!password) return failure("Please enter a new password", 400);
  if (password !== confirmPassword) return failure(AUTH_MESSAGES.passwordsDoNotMatch, 400);
  const lengthError = passwordLengthError(password);
  if (lengthError) return failure(lengthError, 400);
  const crashed = "An error occurred while resetting the password";
  return guardAuthAction(app, "password reset", crashed, async () => {
    const result = await callAuthEndpoint(app, request, "/reset-password", {
      newPassword: password,
      token,
    });
    if (!result.ok) {
      const message =
        result.body?.code === "INVALID_TOKEN"
          ? INVALID_LINK
          : authErrorMessage(result, INVALID_LINK);
      return failure(message, result.status === 429 ? 429 : 400);
    }
    return redirectWithFlash(app, "/login", {
      kind: "success",
      message: AUTH_MESSAGES.passwordReset,
    });
  });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { result, submitting } = useAuthForm();

  if (!loaderData.token) {
    return (
      <AuthCard title="Set a new password">
        <FormMessage result={{ ok: false, error: INVALID_LINK }} />
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
      <FormMessage result={result} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <AuthField name="password" label="New password" autoComplete="new-password" />
        <AuthField
          name="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? "Saving..." : "Set new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
