import { useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";

import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useActionToast } from "~/hooks/use-action-toast";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { useRootData } from "~/hooks/use-root-data";
import type { ActionResult } from "~/lib/action-result";
import { alertActionSchema, alertFormValues } from "~/lib/forms/price-alerts";
import { minorUnitExponent, roundMoney } from "~/lib/money";
import { countryName } from "~/lib/ship-to";
import {
  ALERT_CHANNEL_LABELS,
  ALERT_CHANNELS,
  ALERT_DIGEST_LABELS,
  ALERT_DIGESTS,
  ALERT_MODE_LABELS,
  ALERT_MODES,
  WEBHOOK_URL_MAX_LENGTH,
  type AlertChannel,
  type AlertMode,
} from "~/lib/price-alerts";

import { subscribeToPush } from "./push";

/** An alert as the loaders send it (dates as strings once serialized). */
export interface PriceAlertView {
  id: string;
  sizeOptionId: string;
  mode: AlertMode;
  /** The one offer a back-in-stock alert watches; null is any vendor's. */
  vendorPeptideId: string | null;
  targetPrice: number | null;
  currency: string;
  includeShipping: boolean;
  channels: AlertChannel[];
  webhookUrl: string | null;
  digest: (typeof ALERT_DIGESTS)[number];
}

/** An offer of the size a back-in-stock alert can watch, labelled with its vendor and stock. */
export interface AlertOfferChoice {
  id: string;
  label: string;
}

export interface AlertFormOptions {
  currencies: string[];
  defaultCurrency: string;
  pushPublicKey: string;
}

/**
 * The fields of a price alert, for a new alert on a size (detail page) or an existing one
 * (saved-deals page). Ticking "Browser notification" asks the browser for permission and
 * registers the service worker then, and only then.
 */
export function PriceAlertForm({
  alert,
  sizeOptionId,
  offers,
  options,
  idPrefix,
  onSaved,
}: {
  alert: PriceAlertView | null;
  sizeOptionId: string;
  /** The size's offers to choose from; absent (the saved-deals editor) keeps the alert's own. */
  offers?: AlertOfferChoice[];
  options: AlertFormOptions;
  idPrefix: string;
  onSaved?: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const pushFetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, onSaved);
  useActionToast(pushFetcher.data);
  const [mode, setMode] = useState<AlertMode>(alert?.mode ?? "below");
  const [channels, setChannels] = useState<AlertChannel[]>(alert?.channels ?? ["email"]);
  const [enablingPush, setEnablingPush] = useState(false);
  // Saving stores the header's "Ship to" choice with the alert; the label says which it is.
  const shipTo = useRootData()?.shipTo ?? null;
  const busy = fetcher.state !== "idle" || enablingPush;
  const id = (name: string) => `${idPrefix}-${name}`;
  const { errors: fieldErrors, onSubmit } = useFieldErrors(alertActionSchema, fetcher, {
    values: alertFormValues,
  });

  const toggleChannel = async (channel: AlertChannel, checked: boolean) => {
    if (!checked) {
      setChannels((current) => current.filter((c) => c !== channel));
      return;
    }
    if (channel === "push") {
      setEnablingPush(true);
      try {
        const subscription = await subscribeToPush(options.pushPublicKey);
        pushFetcher.submit(
          { intent: "push-subscribe", ...subscription },
          { method: "post", action: "/alerts" },
        );
      } catch (error) {
        toast.error("Browser notifications are not available", {
          description: error instanceof Error ? error.message : String(error),
        });
        return;
      } finally {
        setEnablingPush(false);
      }
    }
    setChannels((current) => [...new Set([...current, channel])]);
  };

  return (
    <fetcher.Form
      method="post"
      action="/alerts"
      className="flex flex-col gap-4"
      noValidate
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value={alert ? "update" : "save"} />
      {alert ? (
        <input type="hidden" name="alertId" value={alert.id} />
      ) : (
        <input type="hidden" name="sizeOptionId" value={sizeOptionId} />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">What to watch</legend>
        {ALERT_MODES.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="size-4 accent-primary"
            />
            {ALERT_MODE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {mode === "restock" && offers ? (
        <Field
          id={id("offer")}
          label="Vendor"
          hint="Any vendor: told when the first offer of this size can be bought again."
          errors={fieldErrors.vendorPeptideId}
        >
          <NativeSelect name="vendorPeptideId" defaultValue={alert?.vendorPeptideId ?? ""}>
            <option value="">Any vendor</option>
            {offers.map((offer) => (
              <option key={offer.id} value={offer.id}>
                {offer.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : mode === "restock" && alert?.vendorPeptideId ? (
        <input type="hidden" name="vendorPeptideId" value={alert.vendorPeptideId} />
      ) : null}
      <div className="grid grid-cols-[1fr_auto] gap-2">
        <Field
          id={id("target")}
          label="Target price (after coupon)"
          errors={mode === "below" ? fieldErrors.targetPrice : undefined}
        >
          <Input
            name="targetPrice"
            inputMode="decimal"
            placeholder="49.99"
            maxLength={20}
            required={mode === "below"}
            disabled={mode !== "below"}
            defaultValue={
              alert?.targetPrice == null
                ? ""
                : roundMoney(alert.targetPrice, alert.currency).toFixed(
                    minorUnitExponent(alert.currency),
                  )
            }
          />
        </Field>
        <Field id={id("currency")} label="Currency" errors={fieldErrors.currency}>
          <NativeSelect name="currency" defaultValue={alert?.currency ?? options.defaultCurrency}>
            {[...new Set([alert?.currency ?? options.defaultCurrency, ...options.currencies])].map(
              (code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ),
            )}
          </NativeSelect>
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="includeShipping"
          value="true"
          // Alerts watch the delivered total by default, the figure the cards and tables rank by.
          defaultChecked={alert?.includeShipping ?? true}
          className="size-4 accent-primary"
        />
        {shipTo
          ? `Watch the delivered total: price after coupon plus shipping for one pack to ${countryName(shipTo)}`
          : "Watch the delivered total: price after coupon plus the vendor's shipping for one pack"}
      </label>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={fieldErrors.channels ? id("channels-error") : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Tell me by</legend>
        {ALERT_CHANNELS.map((channel) => (
          <label key={channel} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="channels"
              value={channel}
              checked={channels.includes(channel)}
              disabled={channel === "push" && enablingPush}
              onChange={(event) => void toggleChannel(channel, event.target.checked)}
              className="size-4 accent-primary"
            />
            {ALERT_CHANNEL_LABELS[channel]}
          </label>
        ))}
        <ErrorList id={id("channels-error")} errors={fieldErrors.channels} />
      </fieldset>
      {channels.includes("webhook") ? (
        <Field
          id={id("webhook")}
          label="Webhook URL"
          hint="Receives JSON with content (Discord), text (Slack) and title/message (ntfy)."
          errors={fieldErrors.webhookUrl}
        >
          <Input
            name="webhookUrl"
            type="url"
            required
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            placeholder="https://discord.com/api/webhooks/…"
            defaultValue={alert?.webhookUrl ?? ""}
          />
        </Field>
      ) : null}
      <Field id={id("digest")} label="When">
        <NativeSelect name="digest" defaultValue={alert?.digest ?? "immediate"}>
          {ALERT_DIGESTS.map((value) => (
            <option key={value} value={value}>
              {ALERT_DIGEST_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" disabled={busy} className="self-start">
        {fetcher.state !== "idle" ? "Saving..." : alert ? "Update alert" : "Save alert"}
      </Button>
    </fetcher.Form>
  );
}
