import { useEffect } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { toast } from "sonner";

import {
  AFTER_SIGN_IN,
  authRefusal,
  guardAuthAction,
  providerButtons,
  redirectWithFlash,
  socialSignInAction,
} from "~/.server/services/auth-actions.server";
import { callAuthEndpoint, getSessionUser } from "~/.server/services/auth.server";
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
import {
  AUTH_MESSAGES,
  credentialsSchema,
  EMAIL_MAX_LENGTH,
  loginErrorFromCode,
  PASSWORD_MAX_LENGTH,
} from "~/lib/forms/auth";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { sameSitePath } from "~/lib/site-path";

import type { Route } from "./+types/login";
import { appOf } from "~/.server/infra/context.server";

/** Where a signed-in visitor goes: back to the page that sent them here, else their deals. */

export function meta() {
  return [{ title: "Log in · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const url = new URL(request.url);
  // Back from a social provider with a session: the same welcome as a password sign-in.
  if (url.searchParams.has("signedIn") && (await getSessionUser(app, request))) {
    return redirectWithFlash(
      app,
      sameSitePath(url.searchParams.get("redirectTo"), app.baseUrl) ?? AFTER_SIGN_IN,
      {
        kind: "success",
        message: AUTH_MESSAGES.loggedIn,
      },
    );
  }
  return {
    demoCredentials: (await isDemoInstalled(app.db))
      ? { user: DEMO_USER, admin: DEMO_ADMIN }
      : null,
    extraProviders: providerButtons(app),
    socialError: loginErrorFromCode(url.searchParams.get("error")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const form = formFields(await request.formData());
  if (form.intent === "social") {
    return socialSignInAction(app, request, form, AUTH_MESSAGES.socialLoginError);
  }
  const parsed = credentialsSchema.safeParse(form);
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  if (!parsed.data.email || !parsed.data.password) {
    return failure(AUTH_MESSAGES.missingCredentials, 400);
  }
  const { email, password } = parsed.data;
  const returnTo = sameSitePath(parsed.data.redirectTo, app.baseUrl) ?? AFTER_SIGN_IN;
  return guardAuthAction(app, "login", AUTH_MESSAGES.loginError, async () => {
    const result = await callAuthEndpoint(app, request, "/sign-in/email", { email, password });
    if (!result.ok) {
      app.logger.info({ status: result.status }, "login failed");
      return authRefusal(result, AUTH_MESSAGES.loginError, 401);
    }
    return redirectWithFlash(
      app,
      returnTo,
      { kind: "success", message: AUTH_MESSAGES.loggedIn },
      result.setCookies,
    );
  });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { result, submitting, submittingIntent } = useAuthForm();
  const { socialError } = loaderData;
  const redirectTo = useSearchParams()[0].get("redirectTo");
  useEffect(() => {
    if (socialError) {
      toast.error(socialError.title, { description: socialError.description ?? undefined });
    }
  }, [socialError]);

  return (
    <AuthCard title="Login" description="Log in to see your saved deals.">
      <FormMessage result={result} />
      {socialError ? (
        <FormMessage
          result={
            socialError.description
              ? { ok: false, title: socialError.title, error: socialError.description }
              : { ok: false, error: socialError.title }
          }
        />
      ) : null}
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="password" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <AuthField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
        />
        <AuthField
          name="password"
          label="Password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
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
