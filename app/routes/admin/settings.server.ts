/**
 * The admin settings route's loader data and its per-intent handlers (the exchange rates' are in
 * settings.rates.server.ts). The route checks admin rights before calling any of them.
 */
import type { SessionUser } from "~/.server/services/auth.server";
import { BackupError, MAX_BACKUP_BYTES, parseBackup } from "~/.server/services/backup.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getRecentAuditEntries } from "~/.server/data/audit.server";
import { listExchangeRates } from "~/.server/data/exchange-rates.server";
import { getRecentOutboxMail } from "~/.server/data/mail-outbox.server";
import { getAdminSettings } from "~/.server/data/settings.server";
import {
  clearPageCache,
  restoreCatalogue,
  saveSettings as saveSettingsService,
} from "~/.server/services/settings.server";
import { uploadedFile } from "~/.server/services/uploads.server";
import { actionSuccess, editConflict, failure } from "~/lib/action-result";
import { CONTENT_MESSAGES } from "~/lib/forms/content";
import { invalidForm } from "~/lib/forms/form-data";
import { settingsFormSchema, settingsFormValues } from "~/lib/forms/settings";

type Admin = Pick<SessionUser, "id" | "email">;
type SettingsContext = Pick<AppContext, "db" | "cache" | "logger">;

export async function loadSettingsPage(app: Pick<AppContext, "db" | "mailer">) {
  const [settings, outbox, audit, exchangeRates] = await Promise.all([
    getAdminSettings(app.db),
    getRecentOutboxMail(app.db),
    getRecentAuditEntries(app.db),
    listExchangeRates(app.db),
  ]);
  return { settings, outbox, audit, exchangeRates, mailKind: app.mailer.kind };
}

export async function clearCache(app: SettingsContext, admin: Admin) {
  await clearPageCache(app, admin);
  return actionSuccess(CONTENT_MESSAGES.cacheCleared);
}

/**
 * Replaces the product data with a backup file's. A file that is not a valid backup, or whose
 * rows the database refuses, is a 400 with a plain message (nothing changed, so nothing cached
 * to empty); the details go to the server log.
 */
export async function restoreFromBackup(app: SettingsContext, admin: Admin, formData: FormData) {
  const file = uploadedFile(formData.get("backup"));
  if (!file) return failure("Choose a backup file", 400, CONTENT_MESSAGES.restoreFailed);
  if (file.size > MAX_BACKUP_BYTES) {
    return failure("The backup file is too large", 413, CONTENT_MESSAGES.restoreFailed);
  }
  try {
    await restoreCatalogue(app, admin, {
      name: file.name,
      backup: parseBackup(await file.text()),
    });
  } catch (error) {
    app.logger.error({ err: error, file: file.name }, "restoring a backup failed");
    if (error instanceof BackupError) {
      return failure(error.message, 400, CONTENT_MESSAGES.restoreFailed);
    }
    return failure(CONTENT_MESSAGES.restoreFailed, 500);
  }
  return actionSuccess(CONTENT_MESSAGES.restoreDone);
}

export async function saveSettings(
  app: SettingsContext,
  admin: Admin,
  fields: Record<string, string>,
) {
  const parsed = settingsFormSchema.safeParse(fields);
  if (!parsed.success) return invalidForm(parsed.error);
  const { version, ...form } = parsed.data;
  const values = Object.fromEntries(
    Object.entries(form).filter(([, value]) => value !== undefined),
  );
  const saved = await saveSettingsService(app, admin, version, values);
  if (saved === "changed") {
    const current = await getAdminSettings(app.db);
    return editConflict(settingsFormValues(current), current.version);
  }
  return actionSuccess(CONTENT_MESSAGES.settingsSaved, { version: saved.version });
}
