import { Form, Link } from "react-router";

import { callAuthEndpoint } from "~/.server/services/auth.server";
import { failure, actionSuccess } from "~/lib/action-result";
import { AuthCard, AuthField, FormMessage, useAuthForm } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { AUTH_MESSAGES, forgotPasswordSchema } from "~/lib/forms/auth";

import type { Route } from "./+types/forgot-password";
import { formFields } from "~/lib/forms/form-data";
import { appOf } from "~/.server/infra/context.server";

export function meta() {
  return [{ title: "Forgot password · PeptidePrices" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const parsed = forgotPasswordSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success || !parsed.data.email) {
    return failure("Please enter your email", 400);
  }
  try {
    const result = await callAuthEndpoint(app, request, "/request-password-reset", {
      email: parsed.data.email,
      redirectTo: "/reset-password",
    });
    if (result.status === 429) return failure(AUTH_MESSAGES.tooManyAttempts, 429);
    if (!result.ok) app.logger.warn({ status: result.status }, "password reset request failed");
  } catch (error) {
    app.logger.error({ err: error }, "password reset request crashed");
  }
  // The same answer whether or not the account exists, so the form reveals nothing.
  return actionSuccess(AUTH_MESSAGES.resetRequested);
}

export default function ForgotPassword() {
  const { result, submitting } = useAuthForm();

  return (
    <AuthCard
      title="Forgot password"
      description="Enter the e-mail of your account and we will send you a link to set a new password."
    >
      <FormMessage result={result} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <AuthField name="email" label="Email" type="email" autoComplete="email" />
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
