import { redirect } from "react-router";
import type { z } from "zod";

import { failure } from "~/lib/action-result";
import { socialSchema } from "~/lib/forms/auth";
import { formFields, invalidForm } from "~/lib/forms/form-data";
import { sameSitePath } from "~/lib/site-path";

import {
  authErrorMessage,
  beginSocialSignIn,
  configuredProviders,
  headersWithCookies,
  OIDC_PROVIDER_ID,
  PROVIDER_LABELS,
  type AuthEndpointResult,
} from "./auth.server";
import type { AppContext } from "../platform/context.server";
import { flashCookie, type Flash } from "../platform/http/flash.server";

/** Where a sign-in lands when no page asked to be returned to. */
export const AFTER_SIGN_IN = "/deals";

/**
 * The social buttons a page shows: SPEC.md's three and the OpenID Connect one, each only when
 * this install has it configured (a button that can only answer "not configured" is a dead end).
 */
export function providerButtons(app: Pick<AppContext, "env">) {
  const { social, oidc } = configuredProviders(app.env);
  const buttons = social.map((id) => ({ id, label: PROVIDER_LABELS[id] }));
  return oidc ? [...buttons, { id: OIDC_PROVIDER_ID, label: oidc }] : buttons;
}

/** A social button's post: off to the provider, or SPEC.md's error toast when it cannot start. */
export async function socialSignInAction(
  app: AppContext,
  request: Request,
  form: Record<string, FormDataEntryValue>,
  failureTitle: string,
) {
  const parsed = socialSchema.safeParse(form);
  if (!parsed.success) {
    return failure("Unknown sign-in provider", 400, failureTitle);
  }
  try {
    const started = await beginSocialSignIn(
      app,
      request,
      parsed.data.provider,
      sameSitePath(parsed.data.redirectTo, app.baseUrl) ?? AFTER_SIGN_IN,
    );
    if (!started.ok) {
      app.logger.info(
        { provider: parsed.data.provider, error: started.error },
        "social sign-in refused",
      );
      return failure(started.error, 400, failureTitle);
    }
    return redirect(started.url, { headers: headersWithCookies(started.setCookies) });
  } catch (error) {
    app.logger.error({ err: error, provider: parsed.data.provider }, "social sign-in failed");
    return failure("The provider could not be reached", 502, failureTitle);
  }
}

/** Redirects with a one-shot toast for the next page, handing on any cookies better-auth set. */
export function redirectWithFlash(
  app: Pick<AppContext, "baseUrl">,
  to: string,
  flash: Omit<Flash, "id">,
  setCookies: string[] = [],
) {
  const headers = headersWithCookies(setCookies);
  headers.append("Set-Cookie", flashCookie(app.baseUrl, flash));
  return redirect(to, { headers });
}

/**
 * Runs a sign-in form's call to better-auth; an unexpected throw is logged as "<what> crashed"
 * and answered 500 with the form's own error text.
 */
export async function guardAuthAction<T>(
  app: Pick<AppContext, "logger">,
  what: string,
  errorMessage: string,
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (error) {
    app.logger.error({ err: error }, `${what} crashed`);
    return failure(errorMessage, 500);
  }
}

/** better-auth's refusal as a form failure: a 4xx status passes through, anything else becomes `otherStatus`. */
export function authRefusal(result: AuthEndpointResult, fallback: string, otherStatus: number) {
  const status = result.status >= 400 && result.status < 500 ? result.status : otherStatus;
  return failure(authErrorMessage(result, fallback), status);
}

/**
 * A sign-in page's post. A social button's (`intent=social`, where the page has them) goes to
 * its provider; the form's own is parsed with the schema the page checks before posting, and a
 * refusal answers 400 with its first message and each field's, so the page reads the same
 * without JavaScript.
 */
export async function authFormAction<Schema extends z.ZodType, Answer>(
  app: AppContext,
  request: Request,
  form: { schema: Schema; socialFailureTitle?: string },
  run: (input: z.output<Schema>) => Promise<Answer>,
) {
  const fields = formFields(await request.formData());
  if (form.socialFailureTitle && fields.intent === "social") {
    return socialSignInAction(app, request, fields, form.socialFailureTitle);
  }
  const parsed = form.schema.safeParse(fields);
  if (!parsed.success) return invalidForm(parsed.error);
  return run(parsed.data);
}
