/**
 * The admin's exchange-rate changes (add, edit, delete, the daily ECB refresh switch, a refresh
 * from the ECB now): each write and its audit entry commit together, then the page cache is
 * emptied, since public prices are converted with these rates. Reading the ECB's rates is
 * ecb-rates.server.ts.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import {
  deleteExchangeRate,
  findExchangeRate,
  updateExchangeRate,
  upsertExchangeRates,
} from "../data/exchange-rates.server";
import { getSettings, setExchangeRatesAutoRefresh } from "../data/settings.server";
import { commitPublicChange } from "./audited-change.server";
import { readEcbRates, storeEcbRates, type EcbRefreshResult } from "./ecb-rates.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db" | "cache">;

/**
 * Adds a rate for `currency`, or (with `edit`) updates it while it is still at `edit.version`.
 * "taken": an add for a currency that has one; "missing"/"changed": an edit that found none or
 * a newer one. None of them writes.
 */
export async function saveExchangeRate(
  app: App,
  admin: Admin,
  rate: { currency: string; unitsPerUsd: number },
  edit?: { version: string },
): Promise<"saved" | "taken" | "missing" | "changed"> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const stored = await findExchangeRate(tx, rate.currency);
    if (!edit && stored) return "taken";
    if (edit && !stored) return "missing";
    if (edit) {
      const outcome = await updateExchangeRate(tx, rate.currency, edit.version, rate.unitsPerUsd);
      if (outcome !== "updated") return outcome;
    } else {
      await upsertExchangeRates(tx, [{ ...rate, source: "manual" }]);
    }
    audit({
      action: edit ? "update" : "create",
      entity: "exchange-rate",
      entityId: rate.currency,
      name: rate.currency,
      before: stored ? { unitsPerUsd: stored.unitsPerUsd } : null,
      after: { unitsPerUsd: rate.unitsPerUsd },
    });
    return "saved";
  });
}

/** Deletes the rate of `currency`; false: it has none. */
export async function removeExchangeRate(
  app: App,
  admin: Admin,
  currency: string,
): Promise<boolean> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const stored = await findExchangeRate(tx, currency);
    if (!stored || !(await deleteExchangeRate(tx, currency))) return false;
    audit({
      action: "delete",
      entity: "exchange-rate",
      entityId: currency,
      name: currency,
      before: { unitsPerUsd: stored.unitsPerUsd },
    });
    return true;
  });
}

/** Switches the daily ECB refresh on or off. */
export async function setRateRefresh(app: App, admin: Admin, on: boolean): Promise<void> {
  await commitPublicChange(app, admin, async (tx, audit) => {
    const { exchangeRatesAutoRefresh } = await getSettings(tx);
    await setExchangeRatesAutoRefresh(tx, on);
    audit({
      action: "update",
      entity: "settings",
      entityId: "1",
      name: "Settings",
      before: { exchangeRatesAutoRefresh },
      after: { exchangeRatesAutoRefresh: on },
    });
  });
}

/**
 * "Refresh from the ECB" now: the rates are read first (no transaction waits on the ECB), then
 * stored with their audit entry. A failed read stores nothing and is not audited.
 */
export async function refreshRatesFromEcb(
  app: App & Pick<AppContext, "env" | "logger">,
  admin: Admin,
): Promise<EcbRefreshResult> {
  const read = await readEcbRates(app);
  if (!read.ok) return read;
  return commitPublicChange(app, admin, async (tx, audit) => {
    const stored = await storeEcbRates({ ...app, db: tx }, read);
    if (stored.ok) {
      audit({
        action: "update",
        entity: "exchange-rate",
        entityId: "ecb",
        details: { date: stored.date, currencies: stored.currencies },
      });
    }
    return stored;
  });
}
