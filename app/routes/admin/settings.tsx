import { adminOf } from "~/.server/http/admin-guard.server";
import { readBackupUploadForm } from "~/.server/http/upload-form.server";
import { failure } from "~/lib/action-result";
import { formFields } from "~/lib/forms/form-data";
import { ExchangeRatesCard } from "~/components/admin/settings/exchange-rates-card";
import { MaintenanceCard } from "~/components/admin/settings/maintenance-card";
import { OutboxCard } from "~/components/admin/settings/outbox-card";
import { RecentAuditCard } from "~/components/admin/settings/recent-audit-card";
import { SettingsForm } from "~/components/admin/settings/settings-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { isExchangeRateIntent } from "~/lib/forms/exchange-rates";
import { settingsIntentSchema } from "~/lib/forms/settings";

import type { Route } from "./+types/settings";
import { handleExchangeRateAction } from "./settings.rates.server";
import { clearCache, loadSettingsPage, restoreFromBackup, saveSettings } from "./settings.server";
import { appOf } from "~/.server/platform/context.server";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Admin · PeptidePrices" }];

export async function loader({ context }: Route.LoaderArgs) {
  return loadSettingsPage(appOf(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const app = appOf(context);
  const formData = await readBackupUploadForm(request);
  const fields = formFields(formData);
  if (isExchangeRateIntent(fields.intent)) return handleExchangeRateAction(app, admin, fields);
  const intent = settingsIntentSchema.safeParse(fields.intent);
  if (!intent.success) return failure("Unknown action", 400);
  switch (intent.data) {
    case "clear-cache":
      return clearCache(app, admin);
    case "restore":
      return restoreFromBackup(app, admin, formData);
    case "save-settings":
      return saveSettings(app, admin, fields);
  }
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, outbox, audit, exchangeRates, mailKind } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        <p className="text-sm text-muted-foreground">
          Scraping, price alerts, backups and the records of what changed.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Scraping and Notifications</CardTitle>
          <CardDescription>
            Read by the scheduled scraper and the price-drop alerts.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SettingsForm settings={settings} />
        </CardContent>
      </Card>
      <ExchangeRatesCard rates={exchangeRates} autoRefresh={settings.exchangeRatesAutoRefresh} />
      <MaintenanceCard />
      <OutboxCard outbox={outbox} mailKind={mailKind} />
      <RecentAuditCard audit={audit} />
    </div>
  );
}
