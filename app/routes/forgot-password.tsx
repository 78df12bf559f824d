import { data, Form, Link, useActionData, useNavigation } from "react-router";

import { callAuthEndpoint } from "~/.server/auth.server";
import { AuthCard, FormMessage } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useActionToast } from "~/hooks/use-action-toast";
import { actionFailure, actionSuccess, type ActionResult } from "~/lib/action-result";
import { AUTH_MESSAGES, forgotPasswordSchema } from "~/lib/forms/auth";

import type { Route } from "./+types/forgot-password";
import { formFields } from "~/lib/forms/form-data";

export function meta() {
  return [{ title: "Forgot password · PeptidePrices" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = context;
  const parsed = forgotPasswordSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success || !parsed.data.email) {
    return data(actionFailure("Please enter your email"), { status: 400 });
  }
  try {
    const result = await callAuthEndpoint(app, request, "/request-password-reset", {
      email: parsed.data.email,
      redirectTo: "/reset-password",
    });
    if (result.status === 429) {
      return data(actionFailure("Too many attempts. Please wait a minute and try again."), {
        status: 429,
      });
    }
    if (!result.ok) app.logger.warn({ status: result.status }, "password reset request failed");
  } catch (error) {
    app.logger.error({ err: error }, "password reset request crashed");
  }
  // The same answer whether or not the account exists, so the form reveals nothing.
  return actionSuccess(AUTH_MESSAGES.resetRequested);
}

export default function ForgotPassword() {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  useActionToast(result);

  return (
    <AuthCard
      title="Forgot password"
      description="Enter the e-mail of your account and we will send you a link to set a new password."
    >
      <FormMessage result={result} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-2">
          <Label htmlFor="email">Email</Label>
          <Input id="email" name="email" type="email" autoComplete="email" required />
        </div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <Link
        to="/login"
        className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline"
      >
        Back to login
      </Link>
    </AuthCard>
  );
}
