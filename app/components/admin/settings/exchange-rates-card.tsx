import { Loader2, Plus, RefreshCw } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { exchangeRateFormSchema } from "~/lib/forms/exchange-rates";

import { useFetcherToast } from "../confirm-delete-button";
import { SimpleTable } from "../data-table";
import { Field } from "../form-controls";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { Button } from "../../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/card";
import { Input } from "../../ui/input";
import { Label } from "../../ui/label";
import { Switch } from "../../ui/switch";

import {
  DELETE_RATE_KEY,
  ExchangeRateRow,
  SETTINGS_ACTION,
  UnitsPerUsdInput,
  type ExchangeRateRowData,
} from "./exchange-rate-row";

const RATE_COLUMNS = [
  { header: "Currency" },
  { header: "1 USD =" },
  { header: "Source" },
  { header: "Updated" },
  { header: <span className="sr-only">Actions</span> },
];

function AutoRefreshControls({ autoRefresh }: { autoRefresh: boolean }) {
  const toggle = useFetcher<ActionResult>();
  const refresh = useFetcher<ActionResult>();
  useActionToast(toggle.data);
  useActionToast(refresh.data);
  const checked =
    toggle.state !== "idle" && toggle.formData
      ? toggle.formData.get("autoRefresh") === "on"
      : autoRefresh;
  const refreshing = refresh.state !== "idle";
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex items-center gap-2">
        <Switch
          id="rates-auto-refresh"
          checked={checked}
          disabled={toggle.state !== "idle"}
          onCheckedChange={(on) =>
            void toggle.submit(
              { intent: "set-rate-refresh", autoRefresh: on ? "on" : "off" },
              { method: "post", action: SETTINGS_ACTION },
            )
          }
        />
        <Label htmlFor="rates-auto-refresh">Refresh daily from the ECB</Label>
      </div>
      <refresh.Form method="post" action={SETTINGS_ACTION}>
        <input type="hidden" name="intent" value="refresh-rates" />
        <Button type="submit" variant="outline" size="sm" disabled={refreshing}>
          {refreshing ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <RefreshCw className="size-4" aria-hidden />
          )}
          Refresh now
        </Button>
      </refresh.Form>
    </div>
  );
}

function AddExchangeRateForm() {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useActionToast(fetcher.data, () => form.current?.reset());
  const { errors, onSubmit } = useFieldErrors(exchangeRateFormSchema, fetcher);
  const adding = fetcher.state !== "idle";
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={SETTINGS_ACTION}
      onSubmit={onSubmit}
      className="flex flex-wrap items-end gap-3"
      aria-label="Add a currency"
    >
      <input type="hidden" name="intent" value="add-rate" />
      <Field
        id="new-rate-currency"
        label="Currency"
        hint="ISO 4217 code, e.g. SEK"
        errors={errors?.currency}
      >
        <Input
          id="new-rate-currency"
          name="currency"
          required
          maxLength={3}
          pattern="[A-Z]{3}"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className="w-24 uppercase"
          onChange={(event) => {
            event.currentTarget.value = event.currentTarget.value.toUpperCase();
          }}
        />
      </Field>
      <Field
        id="new-rate-units"
        label="1 USD ="
        hint="Units of that currency"
        errors={errors?.unitsPerUsd}
      >
        <UnitsPerUsdInput id="new-rate-units" className="w-36" />
      </Field>
      <Button type="submit" disabled={adding} className="mb-5">
        {adding ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <Plus className="size-4" aria-hidden />
        )}
        Add currency
      </Button>
    </fetcher.Form>
  );
}

/** Admin → Settings → Exchange rates: the rates public pages convert prices with. */
export function ExchangeRatesCard({
  rates,
  autoRefresh,
}: {
  rates: ExchangeRateRowData[];
  autoRefresh: boolean;
}) {
  useFetcherToast(DELETE_RATE_KEY);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Exchange Rates</CardTitle>
        <CardDescription>
          Prices stay in each shop&apos;s own currency; public pages compare them in the
          visitor&apos;s display currency through these rates. USD is the base: 1 USD = 1 USD.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <AutoRefreshControls autoRefresh={autoRefresh} />
        {rates.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No exchange rates: every price is shown in its own currency only.
          </p>
        ) : (
          <SimpleTable
            label="Exchange rates"
            columns={RATE_COLUMNS}
            rows={rates}
            rowKey={(rate) => rate.currency}
            renderRow={(rate) => <ExchangeRateRow rate={rate} />}
            pinLastColumn
          />
        )}
        <AddExchangeRateForm />
      </CardContent>
    </Card>
  );
}
