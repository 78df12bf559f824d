import { DatabaseBackup, Download, Eraser, Loader2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";

import { requireAdmin } from "~/.server/auth.server";
import { BackupError, MAX_BACKUP_BYTES, parseBackup, restoreBackup } from "~/.server/backup.server";
import { getRecentAuditEntries, recordAudit } from "~/.server/data/audit.server";
import { listExchangeRates } from "~/.server/data/exchange-rates.server";
import { getRecentOutboxMail } from "~/.server/data/mail-outbox.server";
import { getSettings, updateSettings } from "~/.server/data/settings.server";
import { uploadedFile } from "~/.server/uploads.server";
import { failure, actionSuccess, type ActionResult } from "~/lib/action-result";
import { invalidForm, formFields } from "~/lib/forms/form-data";
import { Field } from "~/components/admin/form-controls";
import { ExchangeRatesCard } from "~/components/admin/settings/exchange-rates-card";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { useActionToast } from "~/hooks/use-action-toast";
import { formatLastScraped } from "~/lib/format";
import { CONTENT_MESSAGES, settingsFormSchema, settingsIntentSchema } from "~/lib/forms/content";
import { isExchangeRateIntent } from "~/lib/forms/exchange-rates";

import type { Route } from "./+types/settings";
import { handleExchangeRateAction } from "./settings.rates.server";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Admin · PeptidePrices" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.app, request);
  const { db, mailer } = context.app;
  const [settings, outbox, audit, exchangeRates] = await Promise.all([
    getSettings(db),
    getRecentOutboxMail(db),
    getRecentAuditEntries(db),
    listExchangeRates(db),
  ]);
  return { settings, outbox, audit, exchangeRates, mailKind: mailer.kind };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.app, request);
  const { app } = context;
  const formData = await request.formData();
  const fields = formFields(formData);
  if (isExchangeRateIntent(fields.intent)) return handleExchangeRateAction(app, admin, fields);
  const intent = settingsIntentSchema.safeParse(fields.intent);
  if (!intent.success) return failure("Unknown action", 400);

  if (intent.data === "clear-cache") {
    app.cache.clear();
    await recordAudit(app.db, admin, { action: "clear-cache", entity: "cache" });
    return actionSuccess(CONTENT_MESSAGES.cacheCleared);
  }

  if (intent.data === "restore") {
    const file = uploadedFile(formData.get("backup"));
    if (!file) {
      return failure("Choose a backup file", 400, CONTENT_MESSAGES.restoreFailed);
    }
    if (file.size > MAX_BACKUP_BYTES) {
      return failure("The backup file is too large", 413, CONTENT_MESSAGES.restoreFailed);
    }
    try {
      const counts = await restoreBackup(app.db, parseBackup(await file.text()));
      await recordAudit(app.db, admin, {
        action: "restore",
        entity: "backup",
        details: { file: file.name, rows: counts },
      });
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      return failure(error.message, 400, CONTENT_MESSAGES.restoreFailed);
    }
    app.cache.clear();
    return actionSuccess(CONTENT_MESSAGES.restoreDone);
  }

  const parsed = settingsFormSchema.safeParse(fields);
  if (!parsed.success) return invalidForm(parsed.error);
  await updateSettings(app.db, parsed.data);
  await recordAudit(app.db, admin, {
    action: "update",
    entity: "settings",
    entityId: "1",
    details: parsed.data,
  });
  return actionSuccess(CONTENT_MESSAGES.settingsSaved);
}

const NUMBER_FIELDS = [
  {
    name: "scrapeIntervalSeconds",
    label: "Scraping interval (seconds)",
    min: 60,
    step: 1,
    hint: "At least 60.",
  },
  { name: "maxUrlsPerRun", label: "Max URLs per run", min: 1, step: 1, hint: "At least 1." },
  {
    name: "requestDelayMs",
    label: "Request delay per host (ms)",
    min: 0,
    step: 1,
    hint: "0 or more.",
  },
  {
    name: "staleAfterMissedRuns",
    label: "Runs without a price before an offer is stale",
    min: 1,
    step: 1,
    hint: "1 to 100. A stale offer drops out of best price.",
  },
] as const;

function SettingsForm({ settings }: { settings: Route.ComponentProps["loaderData"]["settings"] }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const saving = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const errorOf = (name: string) =>
    errors?.[name] ? <p className="text-sm text-destructive">{errors[name][0]}</p> : null;
  return (
    <fetcher.Form method="post" className="grid gap-4" aria-label="Settings">
      <input type="hidden" name="intent" value="save-settings" />
      <div className="grid gap-4 sm:grid-cols-3">
        {NUMBER_FIELDS.map(({ name, label, min, step, hint }) => (
          <Field key={name} id={`settings-${name}`} label={label} hint={hint}>
            <Input
              id={`settings-${name}`}
              name={name}
              type="number"
              inputMode="numeric"
              min={min}
              step={step}
              required
              defaultValue={settings[name]}
              aria-invalid={errors?.[name] ? true : undefined}
            />
            {errorOf(name)}
          </Field>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id="settings-respectRobotsTxt"
          name="respectRobotsTxt"
          defaultChecked={settings.respectRobotsTxt}
        />
        <Label htmlFor="settings-respectRobotsTxt">Respect robots.txt</Label>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id="settings-priceAlertsEnabled"
          name="priceAlertsEnabled"
          defaultChecked={settings.priceAlertsEnabled}
        />
        <Label htmlFor="settings-priceAlertsEnabled">Alert on price change</Label>
      </div>
      <Field
        id="settings-priceAlertThresholdPercent"
        label="Price alert threshold (%)"
        hint="More than 0, at most 100."
        className="max-w-xs"
      >
        <Input
          id="settings-priceAlertThresholdPercent"
          name="priceAlertThresholdPercent"
          type="number"
          min={0.01}
          max={100}
          step={0.01}
          required
          defaultValue={settings.priceAlertThresholdPercent}
          aria-invalid={errors?.priceAlertThresholdPercent ? true : undefined}
        />
        {errorOf("priceAlertThresholdPercent")}
      </Field>
      <Button type="submit" disabled={saving} className="w-fit">
        {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        Save Settings
      </Button>
    </fetcher.Form>
  );
}

function MaintenanceCard() {
  const cacheFetcher = useFetcher<ActionResult>();
  const restoreFetcher = useFetcher<ActionResult>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  useActionToast(cacheFetcher.data);
  useActionToast(restoreFetcher.data, () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
  });
  const restoring = restoreFetcher.state !== "idle";

  function restore() {
    if (!file) return;
    const formData = new FormData();
    formData.set("intent", "restore");
    formData.set("backup", file);
    void restoreFetcher.submit(formData, { method: "post", encType: "multipart/form-data" });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Maintenance</CardTitle>
        <CardDescription>
          A backup holds the catalogue, prices and their history, site content, ads, settings and
          scrape sources; not accounts or sessions.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href="/admin/backup" download>
              <Download className="size-4" aria-hidden />
              Backup Database
            </a>
          </Button>
          <cacheFetcher.Form method="post">
            <input type="hidden" name="intent" value="clear-cache" />
            <Button type="submit" variant="outline" disabled={cacheFetcher.state !== "idle"}>
              <Eraser className="size-4" aria-hidden />
              Clear Cache
            </Button>
          </cacheFetcher.Form>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="restore-file">Restore from a backup file</Label>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              ref={fileInput}
              id="restore-file"
              type="file"
              accept="application/json,.json"
              className="max-w-xs"
              disabled={restoring}
              onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            />
            <Button
              type="button"
              variant="destructive"
              disabled={!file || restoring}
              onClick={() => setConfirming(true)}
            >
              {restoring ? (
                <Loader2 className="size-4 animate-spin" aria-hidden />
              ) : (
                <Upload className="size-4" aria-hidden />
              )}
              Restore
            </Button>
          </div>
        </div>
        <AlertDialog open={confirming} onOpenChange={setConfirming}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Restore this backup?</AlertDialogTitle>
              <AlertDialogDescription>
                Every catalogue, price, content, ad, settings and scraping record will be replaced
                by the contents of {file?.name ?? "the file"}. This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction variant="destructive" onClick={restore}>
                <DatabaseBackup className="size-4" aria-hidden />
                Restore Backup
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
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
      <Card>
        <CardHeader>
          <CardTitle>Outbox</CardTitle>
          <CardDescription>
            {mailKind === "smtp"
              ? "Mail is sent through the configured SMTP server; older messages kept here are listed below."
              : "No SMTP server is configured: the mail the site would send is kept here."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {outbox.length === 0 ? (
            <p className="text-sm text-muted-foreground">No mail in the outbox.</p>
          ) : (
            <ul className="flex flex-col divide-y" aria-label="Outbox">
              {outbox.map((mail) => (
                <li key={mail.id} className="py-2">
                  <details>
                    <summary className="cursor-pointer text-sm">
                      <span className="font-medium">{mail.subject}</span>
                      <span className="text-muted-foreground">
                        {" "}
                        · to {mail.to} · {formatLastScraped(mail.createdAt)}
                      </span>
                    </summary>
                    <pre className="mt-2 overflow-x-auto rounded bg-muted p-3 text-xs whitespace-pre-wrap">
                      {mail.text}
                    </pre>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Audit Log</CardTitle>
          <CardDescription>The latest admin changes: who, what and when.</CardDescription>
        </CardHeader>
        <CardContent>
          {audit.length === 0 ? (
            <p className="text-sm text-muted-foreground">No admin changes recorded yet.</p>
          ) : (
            <div className="overflow-x-auto rounded-md border">
              <Table aria-label="Audit log">
                <TableHeader>
                  <TableRow>
                    <TableHead>When</TableHead>
                    <TableHead>Who</TableHead>
                    <TableHead>Action</TableHead>
                    <TableHead>What</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {audit.map((entry) => (
                    <TableRow key={entry.id}>
                      <TableCell className="whitespace-nowrap">
                        {formatLastScraped(entry.createdAt)}
                      </TableCell>
                      <TableCell className="max-w-48 truncate">
                        {entry.actorEmail ?? "Unknown"}
                      </TableCell>
                      <TableCell>{entry.action}</TableCell>
                      <TableCell className="max-w-64 truncate">
                        {entry.entity}
                        {entry.entityId ? ` ${entry.entityId}` : ""}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
