import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { z } from "zod";

import {
  providerButtons,
  redirectWithFlash,
  socialSignInAction,
} from "~/.server/auth-actions.server";
import { authErrorMessage, callAuthEndpoint } from "~/.server/auth.server";
import { AuthCard, FormMessage, SocialButtons, SPEC_SOCIAL_BUTTONS } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useActionToast } from "~/hooks/use-action-toast";
import { actionFailure, type ActionResult } from "~/lib/action-result";
import { usernameFromEmail } from "~/lib/format";
import {
  AUTH_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  signUpSchema,
} from "~/lib/forms/auth";

import type { Route } from "./+types/signup";
import { formFields } from "~/lib/forms/form-data";

export function meta() {
  return [{ title: "Sign up · PeptidePrices" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { extraProviders: providerButtons(context.app) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = context;
  const form = formFields(await request.formData());
  if (form.intent === "social") {
    return socialSignInAction(app, request, form, AUTH_MESSAGES.socialSignUpError);
  }
  const parsed = signUpSchema.safeParse(form);
  if (!parsed.success || !parsed.data.email || !parsed.data.password) {
    return data(actionFailure(AUTH_MESSAGES.missingCredentials), { status: 400 });
  }
  const { email, password, confirmPassword } = parsed.data;
  if (password !== confirmPassword) {
    return data(actionFailure(AUTH_MESSAGES.passwordsDoNotMatch), { status: 400 });
  }
  if (!z.email().safeParse(email).success) {
    return data(actionFailure(AUTH_MESSAGES.invalidEmail), { status: 400 });
  }
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return data(
      actionFailure(
        `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`,
      ),
      { status: 400 },
    );
  }
  try {
    const result = await callAuthEndpoint(app, request, "/sign-up/email", {
      email,
      password,
      name: usernameFromEmail(email),
      callbackURL: "/login",
    });
    if (!result.ok) {
      return data(actionFailure(authErrorMessage(result, AUTH_MESSAGES.signUpError)), {
        status: result.status >= 400 && result.status < 500 ? result.status : 400,
      });
    }
    // autoSignIn is off: the account signs in after confirming (or at once when not required).
    return redirectWithFlash(app, "/login", { kind: "success", message: AUTH_MESSAGES.checkEmail });
  } catch (error) {
    app.logger.error({ err: error }, "sign-up crashed");
    return data(actionFailure(AUTH_MESSAGES.signUpError), { status: 500 });
  }
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  useActionToast(result);

  return (
    <AuthCard
      title="Sign up"
      description="Create an account to save deals and hear about price drops."
    >
      <FormMessage result={result} />
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="password" />
        <div className="flex flex-col gap-2">
          <Label htmlFor="email">Email</Label>
          <Input id="email" name="email" type="email" autoComplete="email" required />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="password">Password</Label>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
          />
          <p className="text-xs text-muted-foreground">
            At least {PASSWORD_MIN_LENGTH} characters.
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="confirmPassword">Confirm password</Label>
          <Input
            id="confirmPassword"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
          />
        </div>
        <Button type="submit" disabled={submitting}>
          {submitting && navigation.formData?.get("intent") === "password"
            ? "Signing up..."
            : "Sign up"}
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
