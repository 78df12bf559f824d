import { Field } from "~/components/admin/form-controls";
import { PageForm, useSavingPageForm } from "~/components/admin/use-page-form";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SETTINGS_LIMITS, type SettingsFormValues } from "~/lib/forms/settings";

const NUMBER_FIELDS = [
  {
    name: "scrapeIntervalSeconds",
    label: "Scraping interval (seconds)",
    hint: "From 60 to 2,592,000 (30 days).",
  },
  { name: "maxUrlsPerRun", label: "Max URLs per run", hint: "From 1 to 10,000." },
  {
    name: "requestDelayMs",
    label: "Request delay per host (ms)",
    hint: "From 0 to 600,000 (10 minutes).",
  },
  {
    name: "staleAfterMissedRuns",
    label: "Runs without a price before an offer is stale",
    hint: "From 1 to 100. A stale offer drops out of best price.",
  },
] as const;

/** The scraping and price-alert settings; errors show under each field. */
export function SettingsForm({ settings }: { settings: SettingsFormValues }) {
  const { errors, ...form } = useSavingPageForm({ version: settings.version });
  return (
    <PageForm form={form} label="Settings" intent="save-settings" submitLabel="Save Settings">
      <div className="grid gap-4 sm:grid-cols-3">
        {NUMBER_FIELDS.map(({ name, label, hint }) => (
          <Field
            key={name}
            id={`settings-${name}`}
            label={label}
            hint={hint}
            errors={errors?.[name]}
          >
            <Input
              name={name}
              type="number"
              inputMode="numeric"
              min={SETTINGS_LIMITS[name].min}
              max={SETTINGS_LIMITS[name].max}
              step={1}
              required
              defaultValue={settings[name]}
            />
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
        errors={errors?.priceAlertThresholdPercent}
      >
        <Input
          name="priceAlertThresholdPercent"
          type="number"
          min={0.01}
          max={100}
          step={0.01}
          required
          defaultValue={settings.priceAlertThresholdPercent}
        />
      </Field>
    </PageForm>
  );
}
