import { Link } from "react-router";

import { appOf } from "~/.server/platform/context.server";
import { AuthCard, AuthEmailField, AuthForm } from "~/components/auth-card";
import { forgotPasswordSchema } from "~/lib/forms/auth";

import type { Route } from "./+types/forgot-password";
import { forgotPasswordAction } from "./sign-in.server";

export function meta() {
  return [{ title: "Forgot password · PeptidePrices" }];
}

export function action({ request, context }: Route.ActionArgs) {
  return forgotPasswordAction(appOf(context), request);
}

export default function ForgotPassword() {
  return (
    <AuthCard
      title="Forgot password"
      description="Enter the e-mail of your account and we will send you a link to set a new password."
    >
      <AuthForm
        schema={forgotPasswordSchema}
        submitLabel="Send reset link"
        pendingLabel="Sending..."
      >
        <AuthEmailField />
      </AuthForm>
      <Link
        to="/login"
        className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline"
      >
        Back to login
      </Link>
    </AuthCard>
  );
}
