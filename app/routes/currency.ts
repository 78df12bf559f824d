import { redirect } from "react-router";

import { getExchangeRates } from "~/.server/data/exchange-rates.server";
import { displayCurrencyCookie } from "~/.server/platform/http/display-currency.server";
import { failure } from "~/lib/action-result";
import { displayCurrencyFormSchema } from "~/lib/forms/exchange-rates";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { displayCurrencies } from "~/lib/money";
import { sameSitePath } from "~/lib/site-path";

import type { Route } from "./+types/currency";
import { appOf } from "~/.server/platform/context.server";

/**
 * The header's currency switch: keeps the choice in a cookie and goes back to the page it was
 * made on (a same-site path only). Works as a plain form post, without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const parsed = displayCurrencyFormSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const { currency, returnTo } = parsed.data;
  const rates = await getExchangeRates(app.db);
  if (!displayCurrencies(rates).includes(currency)) {
    return failure(`Prices cannot be shown in ${currency}: it has no exchange rate`, 400);
  }
  return redirect(sameSitePath(returnTo, app.baseUrl) ?? "/", {
    headers: { "Set-Cookie": displayCurrencyCookie(currency, app.baseUrl) },
  });
}

export function loader() {
  return redirect("/");
}
