import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { findExchangeRate } from "~/.server/data/exchange-rates.server";
import {
  refreshRatesFromEcb,
  removeExchangeRate,
  saveExchangeRate,
  setRateRefresh,
} from "~/.server/services/exchange-rates.server";
import { actionSuccess, editConflict, failure } from "~/lib/action-result";
import {
  EXCHANGE_RATE_MESSAGES,
  exchangeRateFormSchema,
  exchangeRateFormValues,
} from "~/lib/forms/exchange-rates";
import { fieldFailure } from "~/lib/forms/field-failure";
import { invalidForm } from "~/lib/forms/form-data";

/**
 * The Exchange rates card's intents (the caller has checked admin rights). Every change is
 * audited and empties the page cache, since public prices are converted with these rates.
 */
export async function handleExchangeRateAction(
  app: Pick<AppContext, "db" | "env" | "logger" | "cache">,
  admin: Pick<SessionUser, "id" | "email">,
  fields: Record<string, string>,
) {
  const parsed = exchangeRateFormSchema.safeParse(fields);
  if (!parsed.success) return invalidForm(parsed.error);
  const form = parsed.data;
  const { db } = app;

  switch (form.intent) {
    case "add-rate":
    case "update-rate": {
      const outcome = await saveExchangeRate(
        app,
        admin,
        { currency: form.currency, unitsPerUsd: form.unitsPerUsd },
        form.intent === "update-rate" ? form : undefined,
      );
      if (outcome === "taken") {
        return fieldFailure(
          "currency",
          `${form.currency} already has a rate: edit it in the table`,
          409,
        );
      }
      if (outcome === "missing") return failure(EXCHANGE_RATE_MESSAGES.rateNotFound, 404);
      if (outcome === "changed") {
        const current = await findExchangeRate(db, form.currency);
        if (!current) return failure(EXCHANGE_RATE_MESSAGES.rateNotFound, 404);
        return editConflict(exchangeRateFormValues(current), current.version);
      }
      return actionSuccess(
        form.intent === "add-rate"
          ? EXCHANGE_RATE_MESSAGES.rateAdded
          : EXCHANGE_RATE_MESSAGES.rateUpdated,
      );
    }
    case "delete-rate": {
      if (!(await removeExchangeRate(app, admin, form.currency))) {
        return failure(EXCHANGE_RATE_MESSAGES.rateNotFound, 404);
      }
      return actionSuccess(EXCHANGE_RATE_MESSAGES.rateDeleted);
    }
    case "set-rate-refresh": {
      await setRateRefresh(app, admin, form.autoRefresh);
      return actionSuccess(
        form.autoRefresh
          ? EXCHANGE_RATE_MESSAGES.autoRefreshOn
          : EXCHANGE_RATE_MESSAGES.autoRefreshOff,
      );
    }
    case "refresh-rates": {
      const result = await refreshRatesFromEcb(app, admin);
      if (!result.ok) {
        return failure(result.error, 502, EXCHANGE_RATE_MESSAGES.refreshFailedTitle);
      }
      return actionSuccess(
        `${EXCHANGE_RATE_MESSAGES.refreshed} (${result.date}, ${result.currencies.length} currencies)`,
      );
    }
  }
}
