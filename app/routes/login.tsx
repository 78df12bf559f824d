import { useEffect } from "react";
import { Form, Link } from "react-router";
import { toast } from "sonner";

import {
  authRefusal,
  guardAuthAction,
  providerButtons,
  redirectWithFlash,
  socialSignInAction,
} from "~/.server/auth-actions.server";
import { callAuthEndpoint, getSessionUser } from "~/.server/auth.server";
import { DEMO_ADMIN, DEMO_USER } from "~/.server/seed/demo-data";
import { isDemoInstalled } from "~/.server/seed/demo.server";
import { failure } from "~/lib/action-result";
import {
  AuthCard,
  AuthField,
  FormMessage,
  SocialButtons,
  SPEC_SOCIAL_BUTTONS,
  useAuthForm,
} from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { AUTH_MESSAGES, credentialsSchema } from "~/lib/forms/auth";

import type { Route } from "./+types/login";
import { formFields } from "~/lib/forms/form-data";

export function meta() {
  return [{ title: "Log in · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  const url = new URL(request.url);
  // Back from a social provider with a session: the same welcome as a password sign-in.
  if (url.searchParams.has("signedIn") && (await getSessionUser(app, request))) {
    return redirectWithFlash(app, "/deals", { kind: "success", message: AUTH_MESSAGES.loggedIn });
  }
  const providerError = url.searchParams.get("error");
  return {
    demoCredentials: (await isDemoInstalled(app.db))
      ? { user: DEMO_USER, admin: DEMO_ADMIN }
      : null,
    extraProviders: providerButtons(app),
    socialError: providerError ? providerError.replaceAll("_", " ").toLowerCase() : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = context;
  const form = formFields(await request.formData());
  if (form.intent === "social") {
    return socialSignInAction(app, request, form, AUTH_MESSAGES.socialLoginError);
  }
  const parsed = credentialsSchema.safeParse(form);
  if (!parsed.success || !parsed.data.email || !parsed.data.password) {
    return failure(AUTH_MESSAGES.missingCredentials, 400);
  }
  const { email, password } = parsed.data;
  return guardAuthAction(app, "login", AUTH_MESSAGES.loginError, async () => {
    const result = await callAuthEndpoint(app, request, "/sign-in/email", { email, password });
    if (!result.ok) {
      app.logger.info({ status: result.status }, "login failed");
      return authRefusal(result, AUTH_MESSAGES.loginError, 401);
    }
    return redirectWithFlash(
      app,
      "/deals",
      { kind: "success", message: AUTH_MESSAGES.loggedIn },
      result.setCookies,
    );
  });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { result, submitting, submittingIntent } = useAuthForm();
  const { socialError } = loaderData;
  useEffect(() => {
    if (socialError) toast.error(AUTH_MESSAGES.socialLoginError, { description: socialError });
  }, [socialError]);

  return (
    <AuthCard title="Login" description="Log in to see your saved deals.">
      <FormMessage result={result} />
      {socialError ? (
        <FormMessage
          result={{ ok: false, title: AUTH_MESSAGES.socialLoginError, error: socialError }}
        />
      ) : null}
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="password" />
        <AuthField name="email" label="Email" type="email" autoComplete="email" />
        <AuthField
          name="password"
          label="Password"
          autoComplete="current-password"
          aside={
            <Link
              to="/forgot-password"
              className="text-sm text-muted-foreground underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          }
        />
        <Button type="submit" disabled={submitting}>
          {submittingIntent === "password" ? "Logging in..." : "Login"}
        </Button>
      </Form>
      <SocialButtons
        providers={[...SPEC_SOCIAL_BUTTONS, ...loaderData.extraProviders]}
        verb="Log in"
        disabled={submitting}
      />
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{" "}
        <Link
          to="/signup"
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          Sign up
        </Link>
      </p>
      {loaderData.demoCredentials ? (
        <div className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
          <p className="font-medium text-foreground">Demo credentials</p>
          <p>
            User: <code>{loaderData.demoCredentials.user.email}</code> /{" "}
            <code>{loaderData.demoCredentials.user.password}</code>
          </p>
          <p>
            Admin: <code>{loaderData.demoCredentials.admin.email}</code> /{" "}
            <code>{loaderData.demoCredentials.admin.password}</code>
          </p>
        </div>
      ) : null}
    </AuthCard>
  );
}
