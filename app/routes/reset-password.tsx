import { data, Form, Link, useActionData, useNavigation } from "react-router";

import { redirectWithFlash } from "~/.server/auth-actions.server";
import { authErrorMessage, callAuthEndpoint } from "~/.server/auth.server";
import { AuthCard, FormMessage } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useActionToast } from "~/hooks/use-action-toast";
import { actionFailure, type ActionResult } from "~/lib/action-result";
import {
  AUTH_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  resetPasswordSchema,
} from "~/lib/forms/auth";

import type { Route } from "./+types/reset-password";
import { formFields } from "~/lib/forms/form-data";

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
  const { app } = context;
  const parsed = resetPasswordSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return data(actionFailure(INVALID_LINK), { status: 400 });
  const { token, password, confirmPassword } = parsed.data;
  if (!password) return data(actionFailure("Please enter a new password"), { status: 400 });
  if (password !== confirmPassword) {
    return data(actionFailure(AUTH_MESSAGES.passwordsDoNotMatch), { status: 400 });
  }
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return data(
      actionFailure(
        `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`,
      ),
      { status: 400 },
    );
  }
  try {
    const result = await callAuthEndpoint(app, request, "/reset-password", {
      newPassword: password,
      token,
    });
    if (!result.ok) {
      const message =
        result.body?.code === "INVALID_TOKEN"
          ? INVALID_LINK
          : authErrorMessage(result, INVALID_LINK);
      return data(actionFailure(message), { status: result.status === 429 ? 429 : 400 });
    }
    return redirectWithFlash(app, "/login", {
      kind: "success",
      message: AUTH_MESSAGES.passwordReset,
    });
  } catch (error) {
    app.logger.error({ err: error }, "password reset crashed");
    return data(actionFailure("An error occurred while resetting the password"), { status: 500 });
  }
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  useActionToast(result);

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
        <div className="flex flex-col gap-2">
          <Label htmlFor="password">New password</Label>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="confirmPassword">Confirm new password</Label>
          <Input
            id="confirmPassword"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
          />
        </div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Saving..." : "Set new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
