import { data } from "react-router";

import { deliveryAddressPolicy, isPlainlyPrivateUrl } from "~/.server/alerts/deliver.server";
import { loadPriceAlertPanel } from "~/.server/alerts/panel.server";
import { currentAlertState } from "~/.server/alerts/price-alerts.server";
import { getSessionUser } from "~/.server/auth.server";
import {
  deletePriceAlert,
  deletePushSubscription,
  getAlertableSize,
  getUserAlertSize,
  savePushSubscription,
  updatePriceAlert,
  upsertPriceAlert,
} from "~/.server/data/price-alerts.server";
import { actionFailure, actionSuccess, failure } from "~/lib/action-result";
import { fieldErrorsOf, firstIssueMessage } from "~/lib/forms/form-data";
import { ALERT_MESSAGES, alertActionSchema, alertFormValues } from "~/lib/forms/price-alerts";

import type { Route } from "./+types/alerts";
import { appOf } from "~/.server/context.server";

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
  const input = parsed.data;
  const userId = user.id;

  if (input.intent === "save" || input.intent === "update") {
    if (input.webhookUrl && isPlainlyPrivateUrl(input.webhookUrl, deliveryAddressPolicy(app.env)))
      return data(
        actionFailure(ALERT_MESSAGES.webhookPrivate, {
          fieldErrors: { webhookUrl: [ALERT_MESSAGES.webhookPrivate] },
        }),
        { status: 400 },
      );
    const settings = {
      mode: input.mode,
      targetPrice: input.mode === "below" ? input.targetPrice : null,
      currency: input.currency,
      includeShipping: input.includeShipping,
      channels: input.channels,
      webhookUrl: input.channels.includes("webhook") ? input.webhookUrl : null,
      digest: input.digest,
    };
    if (input.intent === "save") {
      const size = await getAlertableSize(app.db, { sizeOptionId: input.sizeOptionId });
      if (!size) return failure(ALERT_MESSAGES.sizeNotFound, 404);
      const { state } = await currentAlertState(app, {
        sizeOptionId: input.sizeOptionId,
        ...settings,
      });
      await upsertPriceAlert(app.db, {
        ...settings,
        userId,
        peptideId: size.peptideId,
        sizeOptionId: input.sizeOptionId,
        state,
      });
      return actionSuccess(ALERT_MESSAGES.saved);
    }
    const alert = await getUserAlertSize(app.db, { userId, alertId: input.alertId });
    if (!alert) return failure(ALERT_MESSAGES.notFound, 404);
    const { state } = await currentAlertState(app, {
      sizeOptionId: alert.sizeOptionId,
      ...settings,
    });
    const updated = await updatePriceAlert(app.db, {
      ...settings,
      userId,
      alertId: input.alertId,
      state,
    });
    return updated ? actionSuccess(ALERT_MESSAGES.updated) : failure(ALERT_MESSAGES.notFound, 404);
  }

  switch (input.intent) {
    case "delete": {
      const deleted = await deletePriceAlert(app.db, { userId, alertId: input.alertId });
      return deleted
        ? actionSuccess(ALERT_MESSAGES.deleted)
        : failure(ALERT_MESSAGES.notFound, 404);
    }
    case "push-subscribe": {
      await savePushSubscription(app.db, {
        userId,
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
      });
      return actionSuccess(ALERT_MESSAGES.pushOn);
    }
    case "push-unsubscribe": {
      await deletePushSubscription(app.db, { userId, endpoint: input.endpoint });
      return actionSuccess(ALERT_MESSAGES.pushOff);
    }
  }
}
