import { createContext, useContext } from "react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";

import { useActionToast } from "~/hooks/use-action-toast";
import { useFieldErrors } from "~/hooks/use-field-errors";
import type { ActionResult } from "~/lib/action-result";
import { EMAIL_MAX_LENGTH } from "~/lib/forms/auth";

import { Button } from "./ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";
import { ErrorList } from "./ui/field";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

/** Whether a sign-in page's post is on its way, and which `intent` it carries. */
function usePosting() {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const submittingIntent = submitting ? navigation.formData?.get("intent") : undefined;
  return { submitting, submittingIntent, state: navigation.state };
}

/** The errors of the AuthForm a field sits in, by field name. */
const AuthFormErrors = createContext<Record<string, string[]>>({});

/**
 * A sign-in page's form: the action's last answer above it (also toasted), its fields checked
 * with the action's own schema before posting, and the submit button that says it is busy.
 * `intent` names the form where the page also has social buttons posting to the same action.
 */
export function AuthForm({
  schema,
  intent,
  submitLabel,
  pendingLabel,
  notice,
  children,
}: {
  schema: z.ZodType;
  intent?: string;
  submitLabel: string;
  pendingLabel: string;
  /** Shown under the action's answer: a message the page brings with it (the login's `?error=`). */
  notice?: React.ReactNode;
  children: React.ReactNode;
}) {
  const result = useActionData<ActionResult>();
  useActionToast(result, undefined, { toastFieldErrors: true });
  const { submitting, submittingIntent, state } = usePosting();
  const { errors, onSubmit } = useFieldErrors(
    schema,
    { data: result, state },
    { toastFieldErrors: true },
  );
  const pending = intent ? submittingIntent === intent : submitting;
  return (
    <>
      <FormMessage result={result} />
      {notice}
      <Form method="post" className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <AuthFormErrors value={errors}>{children}</AuthFormErrors>
        <Button type="submit" disabled={submitting}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </Form>
    </>
  );
}

/**
 * A labelled input of an AuthForm, with its errors under it; `aside` sits on the label's line
 * (the forgot-password link).
 */
export function AuthField({
  name,
  label,
  type = "password",
  autoComplete,
  minLength,
  maxLength,
  aside,
  hint,
}: {
  name: string;
  label: string;
  type?: "email" | "password";
  autoComplete: string;
  minLength?: number;
  maxLength?: number;
  aside?: React.ReactNode;
  hint?: React.ReactNode;
}) {
  const errors = useContext(AuthFormErrors)[name];
  const errorId = errors?.length ? `${name}-error` : undefined;
  const labelElement = <Label htmlFor={name}>{label}</Label>;
  return (
    <div className="flex flex-col gap-2">
      {aside ? (
        <div className="flex items-center justify-between">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      <Input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        minLength={minLength}
        maxLength={maxLength}
        required
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** The e-mail field every sign-in form starts with. */
export function AuthEmailField({
  autoComplete = "email",
}: {
  autoComplete?: "email" | "username";
}) {
  return (
    <AuthField
      name="email"
      label="Email"
      type="email"
      autoComplete={autoComplete}
      maxLength={EMAIL_MAX_LENGTH}
    />
  );
}

/** The centred card every sign-in page sits in. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <main className="container mx-auto flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>{title}</h1>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}

/** The last failure, also rendered in the page so it reads without JavaScript. */
export function FormMessage({ result }: { result: ActionResult | undefined | null }) {
  if (!result) return null;
  if (result.ok) {
    return (
      <p
        role="status"
        className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm"
      >
        {result.message}
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {result.title ? <p className="font-medium">{result.title}</p> : null}
      <p>{result.error}</p>
    </div>
  );
}

export interface ProviderButton {
  id: string;
  label: string;
}

/**
 * One small form per configured provider (none configured: nothing, not even the divider): a
 * plain POST works without JavaScript.
 */
export function SocialButtons({ providers, verb }: { providers: ProviderButton[]; verb: string }) {
  const { submitting } = usePosting();
  // The page to return to after the provider's round trip, as the password form carries it.
  const redirectTo = useSearchParams()[0].get("redirectTo");
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or {verb.toLowerCase()} with
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        {providers.map((provider) => (
          <Form
            method="post"
            key={provider.id}
            className={providers.length > 3 ? "sm:col-span-3" : undefined}
          >
            <input type="hidden" name="intent" value="social" />
            <input type="hidden" name="provider" value={provider.id} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <Button type="submit" variant="outline" className="w-full" disabled={submitting}>
              {provider.label}
            </Button>
          </Form>
        ))}
      </div>
    </div>
  );
}

/** The line under a sign-in form that leads to its counterpart (log in ↔ sign up). */
export function AuthSwitch({
  question,
  to,
  label,
}: {
  question: string;
  to: "/login" | "/signup";
  label: string;
}) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {question}{" "}
      <Link to={to} className="font-medium text-foreground underline-offset-4 hover:underline">
        {label}
      </Link>
    </p>
  );
}
