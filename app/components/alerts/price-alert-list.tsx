import { useState } from "react";
import { Link } from "react-router";

import { EditButton } from "~/components/edit-button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { formatDate, formatPrice } from "~/lib/format";
import { ALERT_CHANNEL_LABELS, ALERT_DIGEST_LABELS, alertNowText } from "~/lib/price-alerts";
import { countryName } from "~/lib/ship-to";
import { formatSize } from "~/lib/units";

import { DeleteAlertButton } from "./delete-alert-button";
import { PriceAlertForm, type AlertFormOptions, type PriceAlertView } from "./price-alert-form";

export interface PriceAlertRow extends PriceAlertView {
  peptideName: string;
  peptideSlug: string;
  quantity: number;
  unit: string;
  unitLabel: string | null;
  lastPrice: number | null;
  lastNotifiedAt: string | Date | null;
  /** The vendor a back-in-stock alert on one offer watches. */
  watchedVendorName?: string | null;
  /** The destination the alert's total is shipped to; null is "Anywhere". */
  shipTo?: string | null;
}

function ruleText(alert: PriceAlertRow): string {
  const shipping = !alert.includeShipping
    ? ""
    : alert.shipTo
      ? ` with shipping to ${countryName(alert.shipTo)}`
      : " with shipping";
  if (alert.mode === "restock")
    return `Back in stock at ${alert.watchedVendorName ?? "any vendor"}${shipping}`;
  return alert.mode === "below" && alert.targetPrice !== null
    ? `At or below ${formatPrice(alert.targetPrice, alert.currency)}${shipping}`
    : `Any change of the lowest price${shipping}`;
}

/** The saved-deals page's list of the user's price alerts, each editable and deletable. */
export function PriceAlertList({
  alerts,
  options,
}: {
  alerts: PriceAlertRow[];
  options: AlertFormOptions;
}) {
  return (
    <section aria-labelledby="price-alerts-heading" className="flex flex-col gap-3">
      <h2 id="price-alerts-heading" className="text-xl font-semibold">
        Price alerts
      </h2>
      {alerts.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No price alerts yet. Set one under &ldquo;Price alert&rdquo; on a peptide&apos;s page.
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {alerts.map((alert) => (
            <li
              key={alert.id}
              data-testid="price-alert-row"
              className="flex items-start justify-between gap-2 rounded-lg border p-4"
            >
              <div className="flex min-w-0 flex-col gap-1 text-sm">
                <Link to={`/peptide/${alert.peptideSlug}`} className="font-medium hover:underline">
                  {alert.peptideName} {formatSize(alert.quantity, alert.unit, alert.unitLabel)}
                </Link>
                <span>{ruleText(alert)}</span>
                <span className="text-muted-foreground">
                  {alert.channels.map((channel) => ALERT_CHANNEL_LABELS[channel]).join(", ")} ·{" "}
                  {ALERT_DIGEST_LABELS[alert.digest]}
                </span>
                <span className="text-muted-foreground">
                  {alertNowText(alert)}
                  {alert.lastNotifiedAt ? ` · last told ${formatDate(alert.lastNotifiedAt)}` : ""}
                </span>
              </div>
              <div className="flex shrink-0 gap-1">
                <EditAlertDialog alert={alert} options={options} />
                <DeleteAlertButton
                  alertId={alert.id}
                  label={`${alert.peptideName} ${formatSize(alert.quantity, alert.unit, alert.unitLabel)}`}
                  iconOnly
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EditAlertDialog({ alert, options }: { alert: PriceAlertRow; options: AlertFormOptions }) {
  const [open, setOpen] = useState(false);
  const size = formatSize(alert.quantity, alert.unit, alert.unitLabel);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <EditButton label={`Edit alert on ${alert.peptideName} ${size}`} />
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit price alert</DialogTitle>
          <DialogDescription>
            {alert.peptideName} {size}
          </DialogDescription>
        </DialogHeader>
        <PriceAlertForm
          alert={alert}
          sizeOptionId={alert.sizeOptionId}
          options={options}
          idPrefix={`edit-alert-${alert.id}`}
          onSaved={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
