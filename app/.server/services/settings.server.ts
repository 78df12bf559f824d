/**
 * The admin's site-wide changes: the settings (staleness, affiliate links and the lab thresholds
 * show on public pages), a backup restored over the catalogue, and emptying the page cache. Each
 * write and its audit entry commit together, then the page cache is emptied. The admin handlers
 * parse the forms and turn the outcomes into their answers.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import {
  getAffiliateLinksEnabled,
  getSettings,
  setAffiliateLinksEnabled,
  updateSettingsIfUnchanged,
} from "../data/settings.server";
import { commitPublicChange } from "./audited-change.server";
import { restoreBackup, type BackupTableName } from "./backup.server";

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

/** The site-wide affiliate switch: Buy buttons lose or gain the label once it commits. */
export async function setAffiliateLinks(app: App, admin: Admin, enabled: boolean): Promise<void> {
  await commitPublicChange(app, admin, async (tx, audit) => {
    const before = await getAffiliateLinksEnabled(tx);
    await setAffiliateLinksEnabled(tx, enabled);
    audit({
      action: "update",
      entity: "settings",
      entityId: "1",
      name: "Settings",
      before: { affiliateLinksEnabled: before },
      after: { affiliateLinksEnabled: enabled },
    });
  });
}

/** "Clear cache": audited, then emptied. */
export async function clearPageCache(app: App, admin: Admin): Promise<void> {
  await commitPublicChange(app, admin, async (_tx, audit) => {
    audit({ action: "clear-cache", entity: "cache", name: "Page cache" });
  });
}

/**
 * Returns the catalogue to a parsed backup (restoreBackup: all or nothing) with its audit entry
 * in the same transaction; the rows restored per table. Throws BackupError when the database
 * refuses the backup's rows: nothing is changed then.
 */
export async function restoreCatalogue(
  app: App,
  admin: Admin,
  file: { name: string; backup: Parameters<typeof restoreBackup>[1] },
): Promise<Record<BackupTableName, number>> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const counts = await restoreBackup(tx, file.backup);
    audit({
      action: "restore",
      entity: "backup",
      name: file.name,
      details: { file: file.name, rows: counts },
    });
    return counts;
  });
}
