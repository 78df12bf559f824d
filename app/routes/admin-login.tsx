import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";

import { guardAuthAction, redirectWithFlash } from "~/.server/services/auth-actions.server";
import { callAuthEndpoint } from "~/.server/services/auth.server";
import { isAdminUser } from "~/.server/data/admin-users.server";
import { deleteSessionByToken } from "~/.server/data/sessions.server";
import { failure } from "~/lib/action-result";
import { adminReturnPath } from "~/lib/admin-session";
import { AuthCard, AuthField, FormMessage, useAuthForm } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { AUTH_MESSAGES, credentialsSchema } from "~/lib/forms/auth";

import type { Route } from "./+types/admin-login";
import { formFields } from "~/lib/forms/form-data";
import { appOf } from "~/.server/infra/context.server";

export function meta() {
  return [{ title: "Admin login · PeptidePrices" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const parsed = credentialsSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success || !parsed.data.email || !parsed.data.password) {
    return failure(AUTH_MESSAGES.missingAdminCredentials, 400);
  }
  const { email, password } = parsed.data;
  return guardAuthAction(app, "admin login", AUTH_MESSAGES.loginError, async () => {
    const result = await callAuthEndpoint(app, request, "/sign-in/email", { email, password });
    if (result.status === 429) return failure(AUTH_MESSAGES.tooManyAttempts, 429);
    const signedIn = result.body as { token?: string; user?: { id?: string } } | null;
    const userId = signedIn?.user?.id;
    if (!result.ok || !userId) {
      app.logger.info({ status: result.status }, "admin login failed");
      return failure(AUTH_MESSAGES.invalidAdminCredentials, 401);
    }
    if (!(await isAdminUser(app.db, userId))) {
      // The password was right but the account is no admin: end the session just made and
      // send no cookie, so the visitor leaves this page exactly as signed-in (or not) as before.
      if (signedIn?.token) await deleteSessionByToken(app.db, signedIn.token);
      app.logger.warn({ userId }, "admin login refused for a non-admin account");
      return failure(AUTH_MESSAGES.invalidAdminCredentials, 403);
    }
    return redirectWithFlash(
      app,
      // Back to the admin page the session expired on (admin-session.ts keeps it on our site).
      adminReturnPath(new URL(request.url).searchParams.get("redirectTo"), app.baseUrl),
      { kind: "success", message: AUTH_MESSAGES.loggedInAsAdmin },
      result.setCookies,
    );
  });
}

export default function AdminLogin() {
  const { result, submitting } = useAuthForm();

  return (
    <AuthCard title="Admin Login" description="Sign in with an administrator account.">
      <FormMessage result={result} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <AuthField name="email" label="Email" type="email" autoComplete="username" />
        <AuthField name="password" label="Password" autoComplete="current-password" />
        <Button type="submit" disabled={submitting}>
          {submitting ? "Logging in..." : "Login"}
        </Button>
      </Form>
      <Button asChild variant="link" className="self-center">
        <Link to="/">
          <ArrowLeft className="size-4" aria-hidden />
          Back to home
        </Link>
      </Button>
    </AuthCard>
  );
}
