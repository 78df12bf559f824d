import { Form, useActionData, useNavigation, useSearchParams } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";

import { Button } from "./ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

/**
 * What every sign-in page's form needs: the action's last answer (also toasted), whether a
 * post is on its way, and which `intent` it carries (the password form or a social button).
 */
export function useAuthForm() {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  useActionToast(result);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const submittingIntent = submitting ? navigation.formData?.get("intent") : undefined;
  return { result, submitting, submittingIntent };
}

/** A labelled input of a sign-in form; `aside` sits on the label's line (the forgot-password link). */
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
      />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
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

export const SPEC_SOCIAL_BUTTONS: ProviderButton[] = [
  { id: "google", label: "Google" },
  { id: "facebook", label: "Facebook" },
  { id: "twitter", label: "Twitter" },
];

/** One small form per provider: a plain POST works without JavaScript. */
export function SocialButtons({
  providers,
  verb,
  disabled,
}: {
  providers: ProviderButton[];
  verb: string;
  disabled?: boolean;
}) {
  // The page to return to after the provider's round trip, as the password form carries it.
  const redirectTo = useSearchParams()[0].get("redirectTo");
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
            <Button type="submit" variant="outline" className="w-full" disabled={disabled}>
              {provider.label}
            </Button>
          </Form>
        ))}
      </div>
    </div>
  );
}
