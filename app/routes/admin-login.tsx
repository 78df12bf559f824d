import { eq } from "drizzle-orm";
import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";

import { redirectWithFlash } from "~/.server/auth-actions.server";
import { callAuthEndpoint, isAdminUser } from "~/.server/auth.server";
import { session } from "~/.server/db/schema";
import { AuthCard, FormMessage } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useActionToast } from "~/hooks/use-action-toast";
import { actionFailure, type ActionResult } from "~/lib/action-result";
import { AUTH_MESSAGES, credentialsSchema } from "~/lib/forms/auth";

import type { Route } from "./+types/admin-login";
import { formFields } from "~/lib/forms/form-data";

export function meta() {
  return [{ title: "Admin login · PeptidePrices" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = context;
  const parsed = credentialsSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success || !parsed.data.email || !parsed.data.password) {
    return data(actionFailure(AUTH_MESSAGES.missingAdminCredentials), { status: 400 });
  }
  const { email, password } = parsed.data;
  try {
    const result = await callAuthEndpoint(app, request, "/sign-in/email", { email, password });
    if (result.status === 429) {
      return data(actionFailure("Too many attempts. Please wait a minute and try again."), {
        status: 429,
      });
    }
    const signedIn = result.body as { token?: string; user?: { id?: string } } | null;
    const userId = signedIn?.user?.id;
    if (!result.ok || !userId) {
      app.logger.info({ status: result.status }, "admin login failed");
      return data(actionFailure(AUTH_MESSAGES.invalidAdminCredentials), { status: 401 });
    }
    if (!(await isAdminUser(app.db, userId))) {
      // The password was right but the account is no admin: end the session just made and
      // send no cookie, so the visitor leaves this page exactly as signed-in (or not) as before.
      if (signedIn?.token) await app.db.delete(session).where(eq(session.token, signedIn.token));
      app.logger.warn({ userId }, "admin login refused for a non-admin account");
      return data(actionFailure(AUTH_MESSAGES.invalidAdminCredentials), { status: 403 });
    }
    return redirectWithFlash(
      app,
      "/admin",
      { kind: "success", message: AUTH_MESSAGES.loggedInAsAdmin },
      result.setCookies,
    );
  } catch (error) {
    app.logger.error({ err: error }, "admin login crashed");
    return data(actionFailure(AUTH_MESSAGES.loginError), { status: 500 });
  }
}

export default function AdminLogin() {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  useActionToast(result);

  return (
    <AuthCard title="Admin Login" description="Sign in with an administrator account.">
      <FormMessage result={result} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-2">
          <Label htmlFor="email">Email</Label>
          <Input id="email" name="email" type="email" autoComplete="username" required />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="password">Password</Label>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </div>
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
