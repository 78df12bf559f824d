import { data, redirect } from "react-router";

import { actionFailure } from "~/lib/action-result";
import { socialSchema } from "~/lib/forms/auth";

import {
  beginSocialSignIn,
  configuredProviders,
  headersWithCookies,
  OIDC_PROVIDER_ID,
} from "./auth.server";
import type { AppContext } from "./context.server";
import { flashCookie, type Flash } from "./flash.server";

/** The social buttons a page shows: SPEC.md's three always, the OpenID Connect one when configured. */
export function providerButtons(app: Pick<AppContext, "env">) {
  const oidc = configuredProviders(app.env).oidc;
  return oidc ? [{ id: OIDC_PROVIDER_ID, label: oidc }] : [];
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
    return data(actionFailure("Unknown sign-in provider", { title: failureTitle }), {
      status: 400,
    });
  }
  try {
    const started = await beginSocialSignIn(app, request, parsed.data.provider);
    if (!started.ok) {
      app.logger.info(
        { provider: parsed.data.provider, error: started.error },
        "social sign-in refused",
      );
      return data(actionFailure(started.error, { title: failureTitle }), { status: 400 });
    }
    return redirect(started.url, { headers: headersWithCookies(started.setCookies) });
  } catch (error) {
    app.logger.error({ err: error, provider: parsed.data.provider }, "social sign-in failed");
    return data(actionFailure("The provider could not be reached", { title: failureTitle }), {
      status: 502,
    });
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
