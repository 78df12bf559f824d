/**
 * The /alerts route's per-intent handlers for a signed-in user: target-price alerts and the
 * browser's push subscription, each within its bounds (webhooks per user, push browsers per
 * user, alerts saved per address, endpoints on public addresses only).
 */
import { data } from "react-router";

import { deliveryAddressPolicy, isPlainlyPrivateUrl } from "~/.server/alerts/deliver.server";
import { currentAlertState } from "~/.server/alerts/price-alerts.server";
import { consumeAddressLimit } from "~/.server/services/address-limits.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getShipTo } from "~/.server/platform/http/ship-to.server";
import {
  countOtherWebhookAlerts,
  deletePriceAlert,
  getAlertableSize,
  getUserAlertSize,
  isOfferOfSize,
  updatePriceAlert,
  upsertPriceAlert,
  WEBHOOK_ALERTS_PER_USER,
} from "~/.server/data/price-alerts.server";
import {
  deletePushSubscription,
  savePushSubscription,
} from "~/.server/data/push-subscriptions.server";
import { actionFailure, actionSuccess, failure } from "~/lib/action-result";
import { ALERT_MESSAGES, type AlertAction } from "~/lib/forms/price-alerts";

type AlertsContext = Pick<AppContext, "db" | "env" | "logger" | "mailer" | "baseUrl">;
type SettingsIntent = Extract<AlertAction, { intent: "save" | "update" }>;

function fieldFailure(field: string, message: string, status: number) {
  return data(actionFailure(message, { fieldErrors: { [field]: [message] } }), { status });
}

/** A back-in-stock alert may name one offer, and only one listed on the alert's own size. */
async function watchesOfferOfSize(
  app: AlertsContext,
  vendorPeptideId: string | null,
  sizeOptionId: string,
): Promise<boolean> {
  return vendorPeptideId === null || isOfferOfSize(app.db, { vendorPeptideId, sizeOptionId });
}

async function saveAlert(
  app: AlertsContext,
  request: Request,
  userId: string,
  input: SettingsIntent,
) {
  if (input.webhookUrl && isPlainlyPrivateUrl(input.webhookUrl, deliveryAddressPolicy(app.env))) {
    return fieldFailure("webhookUrl", ALERT_MESSAGES.webhookPrivate, 400);
  }
  const settings = {
    mode: input.mode,
    vendorPeptideId: input.mode === "restock" ? input.vendorPeptideId : null,
    targetPrice: input.mode === "below" ? input.targetPrice : null,
    currency: input.currency,
    includeShipping: input.includeShipping,
    // The total an alert watches is shipped where the visitor's "Ship to" says (issue 18).
    shipTo: input.includeShipping ? getShipTo(request) : null,
    channels: input.channels,
    webhookUrl: input.channels.includes("webhook") ? input.webhookUrl : null,
    digest: input.digest,
  };
  if (settings.webhookUrl) {
    const others = await countOtherWebhookAlerts(app.db, {
      userId,
      ...(input.intent === "save"
        ? { sizeOptionId: input.sizeOptionId }
        : { alertId: input.alertId }),
    });
    if (others >= WEBHOOK_ALERTS_PER_USER) {
      return fieldFailure("webhookUrl", ALERT_MESSAGES.webhookLimit, 400);
    }
  }
  if (input.intent === "save") {
    if (!(await consumeAddressLimit(app, request, "alert"))) {
      return failure(ALERT_MESSAGES.tooManyAlerts, 429);
    }
    const size = await getAlertableSize(app.db, { sizeOptionId: input.sizeOptionId });
    if (!size) return failure(ALERT_MESSAGES.sizeNotFound, 404);
    if (!(await watchesOfferOfSize(app, settings.vendorPeptideId, input.sizeOptionId))) {
      return fieldFailure("vendorPeptideId", ALERT_MESSAGES.offerNotFound, 400);
    }
    const { state } = await currentAlertState(app, {
      sizeOptionId: input.sizeOptionId,
      ...settings,
    });
    const saved = await upsertPriceAlert(app.db, {
      ...settings,
      userId,
      peptideId: size.peptideId,
      sizeOptionId: input.sizeOptionId,
      state,
    });
    if (saved === "full") return failure(ALERT_MESSAGES.full, 409);
    return actionSuccess(ALERT_MESSAGES.saved);
  }
  const alert = await getUserAlertSize(app.db, { userId, alertId: input.alertId });
  if (!alert) return failure(ALERT_MESSAGES.notFound, 404);
  if (!(await watchesOfferOfSize(app, settings.vendorPeptideId, alert.sizeOptionId))) {
    return fieldFailure("vendorPeptideId", ALERT_MESSAGES.offerNotFound, 400);
  }
  const { state } = await currentAlertState(app, { sizeOptionId: alert.sizeOptionId, ...settings });
  const updated = await updatePriceAlert(app.db, {
    ...settings,
    userId,
    alertId: input.alertId,
    state,
  });
  return updated ? actionSuccess(ALERT_MESSAGES.updated) : failure(ALERT_MESSAGES.notFound, 404);
}

export async function handleAlertAction(
  app: AlertsContext,
  request: Request,
  userId: string,
  input: AlertAction,
) {
  switch (input.intent) {
    case "save":
    case "update":
      return saveAlert(app, request, userId, input);
    case "delete": {
      const deleted = await deletePriceAlert(app.db, { userId, alertId: input.alertId });
      return deleted
        ? actionSuccess(ALERT_MESSAGES.deleted)
        : failure(ALERT_MESSAGES.notFound, 404);
    }
    case "push-subscribe": {
      // The full guard (with DNS) runs again at every send; here the plain cases get a message.
      if (isPlainlyPrivateUrl(input.endpoint, deliveryAddressPolicy(app.env))) {
        return failure(ALERT_MESSAGES.pushPrivate, 400);
      }
      const saved = await savePushSubscription(app.db, {
        userId,
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
      });
      return saved === "saved"
        ? actionSuccess(ALERT_MESSAGES.pushOn)
        : failure(ALERT_MESSAGES.pushTaken, 409);
    }
    case "push-unsubscribe": {
      await deletePushSubscription(app.db, { userId, endpoint: input.endpoint });
      return actionSuccess(ALERT_MESSAGES.pushOff);
    }
  }
}
