import { BellOff, BellRing, ExternalLink } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";

import type { SavedDealRow } from "~/lib/saved-deals";
import type { ActionResult } from "~/lib/action-result";
import { ConfirmRemoveButton } from "~/components/confirm-remove-button";
import { CopyCouponButton } from "~/components/copy-coupon-button";
import { AddToStackButton } from "~/components/stack/add-to-stack-button";
import { Badge } from "~/components/ui/badge";
import { EditButton } from "~/components/edit-button";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { Field } from "~/components/ui/field";
import { useActionToast } from "~/hooks/use-action-toast";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { DEAL_TAGS } from "~/lib/constants";
import { formatDate, formatPrice, formatRelativeTime } from "~/lib/format";
import {
  DEAL_TAG_LABELS,
  dealActionSchema,
  dealFormValues,
  NOTES_MAX_LENGTH,
  type DealTag,
} from "~/lib/forms/deals";
import { roundMoney } from "~/lib/money";
import { formatSize } from "~/lib/units";
import { cn } from "~/lib/utils";

export function DealCard({ deal, now }: { deal: SavedDealRow; now: string }) {
  const alertFetcher = useFetcher<ActionResult>();
  useActionToast(alertFetcher.data);
  const pendingAlert = alertFetcher.formData?.get("alertEnabled");
  const alertEnabled =
    typeof pendingAlert === "string" ? pendingAlert === "true" : deal.alertEnabled;
  const change =
    deal.priceNow === null
      ? null
      : roundMoney(deal.priceNow - deal.priceAtSave, deal.currency ?? "USD");
  const size = deal.quantity !== null && deal.unit ? formatSize(deal.quantity, deal.unit) : null;

  const toggleAlert = (checked: boolean) => {
    const form = new FormData();
    form.set("intent", "update");
    form.set("dealId", deal.id);
    for (const tag of deal.tags) form.append("tags", tag);
    form.set("notes", deal.notes ?? "");
    form.set("alertEnabled", String(checked));
    alertFetcher.submit(form, { method: "post", action: "/deals" });
  };

  return (
    <Card data-testid="saved-deal" className="h-full">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <CardTitle className="text-lg">
            {deal.peptideSlug ? (
              <Link to={`/peptide/${deal.peptideSlug}`} className="hover:underline">
                {deal.peptideName}
              </Link>
            ) : (
              deal.peptideName
            )}
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {deal.vendorSlug ? (
              <Link to={`/vendor/${deal.vendorSlug}`} className="hover:underline">
                {deal.vendorName}
              </Link>
            ) : (
              deal.vendorName
            )}
            {size ? ` · ${size}` : ""}
            {deal.purity ? ` · ${deal.purity} purity` : ""}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <EditDealDialog deal={deal} />
          <RemoveDealButton deal={deal} />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm tabular-nums">
          <dt className="text-muted-foreground">Price when saved</dt>
          <dd className="text-right">{formatPrice(deal.priceAtSave, deal.currency)}</dd>
          <dt className="text-muted-foreground">Price now</dt>
          <dd className="text-right font-medium">
            {deal.priceNow === null ? (
              <span className="text-muted-foreground">No longer listed</span>
            ) : (
              <>
                {formatPrice(deal.priceNow, deal.currency)}
                {change !== null && change !== 0 ? (
                  <span
                    className={cn("ml-2 text-xs", change < 0 ? "text-success" : "text-destructive")}
                  >
                    {change < 0 ? "▼" : "▲"} {formatPrice(Math.abs(change), deal.currency)}
                  </span>
                ) : null}
                {deal.priceCheckedAt ? (
                  <span className="block text-xs font-normal text-muted-foreground">
                    as of{" "}
                    <time dateTime={new Date(deal.priceCheckedAt).toISOString()}>
                      {formatRelativeTime(deal.priceCheckedAt, new Date(now))}
                    </time>
                  </span>
                ) : null}
              </>
            )}
          </dd>
          <dt className="text-muted-foreground">Coupon when saved</dt>
          <dd className="text-right">
            {deal.couponCode ? (
              <CopyCouponButton code={deal.couponCode} />
            ) : (
              <span className="text-muted-foreground">None</span>
            )}
          </dd>
          <dt className="text-muted-foreground">Saved</dt>
          <dd className="text-right">{formatDate(deal.createdAt)}</dd>
        </dl>
        {deal.tags.length > 0 ? (
          <ul aria-label="Tags" className="flex flex-wrap gap-1">
            {deal.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary">{DEAL_TAG_LABELS[tag as DealTag] ?? tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {deal.notes ? <p className="text-sm whitespace-pre-line">{deal.notes}</p> : null}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <label className="flex items-center gap-2 text-sm">
            <Switch
              checked={alertEnabled}
              onCheckedChange={toggleAlert}
              aria-label="Price-drop alert"
              disabled={alertFetcher.state !== "idle"}
            />
            {alertEnabled ? (
              <span className="inline-flex items-center gap-1">
                <BellRing className="size-4" aria-hidden /> Price-drop alert on
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <BellOff className="size-4" aria-hidden /> Price-drop alert off
              </span>
            )}
          </label>
          {deal.peptideSlug && size ? (
            <AddToStackButton
              peptide={deal.peptideSlug}
              peptideName={deal.peptideName}
              size={size}
              variant="ghost"
            />
          ) : null}
          {deal.url ? (
            <Button asChild size="sm" variant="link">
              <a href={deal.url} target="_blank" rel="noopener noreferrer nofollow">
                Visit vendor <ExternalLink className="size-3" aria-hidden />
              </a>
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function EditDealDialog({ deal }: { deal: SavedDealRow }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, () => setOpen(false));
  const { errors, onSubmit } = useFieldErrors(dealActionSchema, fetcher, {
    values: dealFormValues,
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <EditButton label={`Edit ${deal.peptideName} from ${deal.vendorName}`} />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit deal</DialogTitle>
          <DialogDescription>
            {deal.peptideName} from {deal.vendorName}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          action="/deals"
          className="flex flex-col gap-4"
          noValidate
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="dealId" value={deal.id} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Tags</legend>
            {DEAL_TAGS.map((tag) => (
              <label key={tag} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="tags"
                  value={tag}
                  defaultChecked={deal.tags.includes(tag)}
                  className="size-4 accent-primary"
                />
                {DEAL_TAG_LABELS[tag]}
              </label>
            ))}
          </fieldset>
          <Field id={`notes-${deal.id}`} label="Notes" errors={errors.notes}>
            <Textarea
              name="notes"
              defaultValue={deal.notes ?? ""}
              maxLength={NOTES_MAX_LENGTH}
              rows={4}
            />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="alertEnabled"
              value="true"
              defaultChecked={deal.alertEnabled}
              className="size-4 accent-primary"
            />
            E-mail me when this price drops
          </label>
          <DialogFooter>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Saving..." : "Save changes"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function RemoveDealButton({ deal }: { deal: SavedDealRow }) {
  return (
    <ConfirmRemoveButton
      fields={{ intent: "remove", dealId: deal.id }}
      action="/deals"
      accessibleName={`Remove ${deal.peptideName} from ${deal.vendorName}`}
      title="Remove this deal?"
      description={`${deal.peptideName} from ${deal.vendorName} will be removed from your saved deals.`}
      confirmLabel="Remove"
    />
  );
}
