import { Form, Link } from "react-router";
import { z } from "~/lib/forms/zod";

import {
  authRefusal,
  guardAuthAction,
  providerButtons,
  redirectWithFlash,
  socialSignInAction,
} from "~/.server/services/auth-actions.server";
import { callAuthEndpoint } from "~/.server/services/auth.server";
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
import { usernameFromEmail } from "~/lib/format";
import {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLengthError,
  signUpSchema,
} from "~/lib/forms/auth";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";

import type { Route } from "./+types/signup";
import { appOf } from "~/.server/infra/context.server";

export function meta() {
  return [{ title: "Sign up · PeptidePrices" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { extraProviders: providerButtons(appOf(context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const form = formFields(await request.formData());
  if (form.intent === "social") {
    return socialSignInAction(app, request, form, AUTH_MESSAGES.socialSignUpError);
  }
  const parsed = signUpSchema.safeParse(form);
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  if (!parsed.data.email || !parsed.data.password) {
    return failure(AUTH_MESSAGES.missingCredentials, 400);
  }
  const { email, password, confirmPassword } = parsed.data;
  if (password !== confirmPassword) return failure(AUTH_MESSAGES.passwordsDoNotMatch, 400);
  if (!z.email().safeParse(email).success) return failure(AUTH_MESSAGES.invalidEmail, 400);
  const lengthError = passwordLengthError(password);
  if (lengthError) return failure(lengthError, 400);
  return guardAuthAction(app, "sign-up", AUTH_MESSAGES.signUpError, async () => {
    const result = await callAuthEndpoint(app, request, "/sign-up/email", {
      email,
      password,
      name: usernameFromEmail(email),
      callbackURL: "/login",
    });
    if (!result.ok) return authRefusal(result, AUTH_MESSAGES.signUpError, 400);
    // autoSignIn is off: the account signs in after confirming (or at once when not required).
    return redirectWithFlash(app, "/login", { kind: "success", message: AUTH_MESSAGES.checkEmail });
  });
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  const { result, submitting, submittingIntent } = useAuthForm();

  return (
    <AuthCard
      title="Sign up"
      description="Create an account to save deals and hear about price drops."
    >
      <FormMessage result={result} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="password" />
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
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={<>At least {PASSWORD_MIN_LENGTH} characters.</>}
        />
        <AuthField
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <Button type="submit" disabled={submitting}>
          {submittingIntent === "password" ? "Signing up..." : "Sign up"}
        </Button>
      </Form>
      <SocialButtons
        providers={[...SPEC_SOCIAL_BUTTONS, ...loaderData.extraProviders]}
        verb="Sign up"
        disabled={submitting}
      />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link
          to="/login"
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
