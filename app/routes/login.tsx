import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";

import { appOf } from "~/.server/platform/context.server";
import {
  AuthCard,
  AuthEmailField,
  AuthField,
  AuthForm,
  AuthSwitch,
  FormMessage,
  SocialButtons,
} from "~/components/auth-card";
import { credentialsSchema, PASSWORD_MAX_LENGTH } from "~/lib/forms/auth";

import type { Route } from "./+types/login";
import { loginAction, loginLoader } from "./sign-in.server";

export function meta() {
  return [{ title: "Log in · PeptidePrices" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return loginLoader(appOf(context), request);
}

export function action({ request, context }: Route.ActionArgs) {
  return loginAction(appOf(context), request);
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { socialError, demoCredentials } = loaderData;
  const redirectTo = useSearchParams()[0].get("redirectTo");
  useEffect(() => {
    if (socialError) {
      toast.error(socialError.title, { description: socialError.description ?? undefined });
    }
  }, [socialError]);

  return (
    <AuthCard title="Login" description="Log in to see your saved deals.">
      <AuthForm
        schema={credentialsSchema}
        intent="password"
        submitLabel="Login"
        pendingLabel="Logging in..."
        notice={
          socialError ? (
            <FormMessage
              result={
                socialError.description
                  ? { ok: false, title: socialError.title, error: socialError.description }
                  : { ok: false, error: socialError.title }
              }
            />
          ) : null
        }
      >
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <AuthEmailField />
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
      </AuthForm>
      <SocialButtons providers={loaderData.providers} verb="Log in" />
      <AuthSwitch question="Don't have an account?" to="/signup" label="Sign up" />
      {demoCredentials ? (
        <div className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
          <p className="font-medium text-foreground">Demo credentials</p>
          <p>
            User: <code>{demoCredentials.user.email}</code> /{" "}
            <code>{demoCredentials.user.password}</code>
          </p>
          <p>
            Admin: <code>{demoCredentials.admin.email}</code> /{" "}
            <code>{demoCredentials.admin.password}</code>
          </p>
        </div>
      ) : null}
    </AuthCard>
  );
}
