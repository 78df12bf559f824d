import { appOf } from "~/.server/platform/context.server";
import {
  AuthCard,
  AuthEmailField,
  AuthField,
  AuthForm,
  AuthSwitch,
  SocialButtons,
} from "~/components/auth-card";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, signUpSchema } from "~/lib/forms/auth";

import type { Route } from "./+types/signup";
import { providerButtons } from "~/.server/services/auth-actions.server";
import { signUpAction } from "./sign-in.server";

export function meta() {
  return [{ title: "Sign up · PeptidePrices" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { providers: providerButtons(appOf(context)) };
}

export function action({ request, context }: Route.ActionArgs) {
  return signUpAction(appOf(context), request);
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Sign up"
      description="Create an account to save deals and hear about price drops."
    >
      <AuthForm
        schema={signUpSchema}
        intent="password"
        submitLabel="Sign up"
        pendingLabel="Signing up..."
      >
        <AuthEmailField />
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
      </AuthForm>
      <SocialButtons providers={loaderData.providers} verb="Sign up" />
      <AuthSwitch question="Already have an account?" to="/login" label="Log in" />
    </AuthCard>
  );
}
