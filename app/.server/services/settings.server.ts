/**
 * Saving the site settings: the write and its audit entry (the settings before and after)
 * commit together, then the page cache is emptied (staleness, affiliate links and the lab
 * thresholds show on public pages). The admin handler parses the form and turns the outcome
 * into its answer.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import { getSettings, updateSettingsIfUnchanged } from "../data/settings.server";
import { commitPublicChange } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db" | "cache">;
type SettingsValues = Parameters<typeof updateSettingsIfUnchanged>[2];

/** Saves `values` while the settings are still at `version`; "changed" writes nothing. */
export async function saveSettings(
  app: App,
  admin: Admin,
  version: string,
  values: SettingsValues,
): Promise<{ version: string } | "changed"> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const before = await getSettings(tx);
    const saved = await updateSettingsIfUnchanged(tx, version, values);
    if (saved === "changed") return saved;
    audit({
      action: "update",
      entity: "settings",
      entityId: "1",
      name: "Settings",
      before,
      after: { ...before, ...values },
    });
    return saved;
  });
}
