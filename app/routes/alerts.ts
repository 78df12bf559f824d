import { data } from "react-router";

import { loadPriceAlertPanel } from "~/.server/alerts/panel.server";
import { getSessionUser } from "~/.server/services/auth.server";
import { appOf } from "~/.server/platform/context.server";
import { actionFailure, failure } from "~/lib/action-result";
import { fieldErrorsOf, firstIssueMessage } from "~/lib/forms/form-data";
import { ALERT_MESSAGES, alertActionSchema, alertFormValues } from "~/lib/forms/price-alerts";

import type { Route } from "./+types/alerts";
import { handleAlertAction } from "./alerts.server";

/** The alert forms' data for the signed-in user (on one peptide with ?peptide=slug); read by fetchers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const user = await getSessionUser(app, request);
  const headers = { "Cache-Control": "private, no-store" };
  if (!user) return data({ signedIn: false as const }, { headers });
  const peptideSlug = new URL(request.url).searchParams.get("peptide")?.slice(0, 200) || undefined;
  const panel = await loadPriceAlertPanel(app, request, { userId: user.id, peptideSlug });
  return data({ signedIn: true as const, ...panel }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const user = await getSessionUser(app, request);
  if (!user) return failure(ALERT_MESSAGES.loginRequired, 401);
  const parsed = alertActionSchema.safeParse(alertFormValues(await request.formData()));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data(actionFailure(firstIssueMessage(parsed.error), { fieldErrors }), { status: 400 });
  }
  return handleAlertAction(app, request, user.id, parsed.data);
}
