import { displayCurrencies } from "~/lib/money";

import type { AppContext } from "../platform/context.server";
import { getExchangeRates } from "../data/exchange-rates.server";
import { listUserPriceAlerts, type UserPriceAlert } from "../data/price-alerts.server";
import { getDisplayCurrency } from "../platform/http/display-currency.server";
import { vapidKeys } from "./deliver.server";

export interface PriceAlertPanelData {
  alerts: UserPriceAlert[];
  /** Currencies a target can be in (those with an exchange rate), the visitor's own first. */
  currencies: string[];
  defaultCurrency: string;
  /** The VAPID public key browsers subscribe with. */
  pushPublicKey: string;
}

/** What the alert forms need for one user: their alerts (on one peptide, or all) and the options. */
export async function loadPriceAlertPanel(
  app: Pick<AppContext, "db" | "env">,
  request: Request,
  params: { userId: string; peptideSlug?: string; page?: number },
): Promise<PriceAlertPanelData> {
  const [alerts, rates] = await Promise.all([
    listUserPriceAlerts(app.db, params),
    getExchangeRates(app.db),
  ]);
  return {
    alerts,
    currencies: displayCurrencies(rates),
    defaultCurrency: getDisplayCurrency(request, rates),
    pushPublicKey: vapidKeys(app.env).publicKey,
  };
}
