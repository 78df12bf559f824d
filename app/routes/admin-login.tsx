import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

import { appOf } from "~/.server/platform/context.server";
import { AuthCard, AuthEmailField, AuthField, AuthForm } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { adminCredentialsSchema } from "~/lib/forms/auth";

import type { Route } from "./+types/admin-login";
import { adminLoginAction } from "./sign-in.server";

export function meta() {
  return [{ title: "Admin login · PeptidePrices" }];
}

export function action({ request, context }: Route.ActionArgs) {
  return adminLoginAction(appOf(context), request);
}

export default function AdminLogin() {
  return (
    <AuthCard title="Admin Login" description="Sign in with an administrator account.">
      <AuthForm schema={adminCredentialsSchema} submitLabel="Login" pendingLabel="Logging in...">
        <AuthEmailField autoComplete="username" />
        <AuthField name="password" label="Password" autoComplete="current-password" />
      </AuthForm>
      <Button asChild variant="link" className="self-center">
        <Link to="/">
          <ArrowLeft className="size-4" aria-hidden />
          Back to home
        </Link>
      </Button>
    </AuthCard>
  );
}
