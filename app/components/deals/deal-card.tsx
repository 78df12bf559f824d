import { BellOff, BellRing, ExternalLink } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";

import { cheaperElsewhereText, type SavedDealRow } from "~/lib/saved-deals";
import type { ActionResult } from "~/lib/action-result";
import { AffiliateNote } from "~/components/affiliate-note";
import { ConfirmRemoveButton } from "~/components/confirm-remove-button";
import { CopyCouponButton } from "~/components/copy-coupon-button";
import { AddToStackButton } from "~/components/stack/add-to-stack-button";
import { DealDetailsFields } from "~/components/deals/deal-details-fields";
import { DealSparkline } from "~/components/deals/deal-sparkline";
import { FailedLabTestWarning } from "~/components/lab-tests-section";
import { LandedTotal, OfferAmount } from "~/components/offer-price";
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
import { useActionToast } from "~/hooks/use-action-toast";
import { useRootData } from "~/hooks/use-root-data";
import { useFieldErrors } from "~/hooks/use-field-errors";
import { offerLinkPath, outboundRel } from "~/lib/affiliate";
import { formatDate, formatPrice, formatRelativeTime } from "~/lib/format";
import { DEAL_TAG_LABELS, dealActionSchema, dealFormValues, type DealTag } from "~/lib/forms/deals";
import { formatLastChecked } from "~/lib/freshness";
import { perMgDelivered } from "~/lib/offer-view";
import { formatSize } from "~/lib/units";
import { cn } from "~/lib/utils";

export function DealCard({ deal, now }: { deal: SavedDealRow; now: string }) {
  const alertFetcher = useFetcher<ActionResult>();
  useActionToast(alertFetcher.data);
  const pendingAlert = alertFetcher.formData?.get("alertEnabled");
  const alertEnabled =
    typeof pendingAlert === "string" ? pendingAlert === "true" : deal.alertEnabled;
  const change = deal.changeSinceSaved;
  const size = deal.quantity !== null && deal.unit ? formatSize(deal.quantity, deal.unit) : null;
  const affiliatedVendorIds = useRootData()?.affiliatedVendorIds ?? [];
  const affiliated = deal.vendorId !== null && affiliatedVendorIds.includes(deal.vendorId);
  const shipTo = useRootData()?.shipTo ?? null;
  const inStock = deal.now?.inStock ?? null;

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
          {deal.totalAtSave !== null && deal.totalCurrencyAtSave !== null ? (
            <>
              <dt className="text-muted-foreground">Delivered total when saved</dt>
              <dd className="text-right" data-testid="deal-saved-total">
                {formatPrice(deal.totalAtSave, deal.totalCurrencyAtSave)}
              </dd>
            </>
          ) : (
            <>
              <dt className="text-muted-foreground">Price when saved</dt>
              <dd className="text-right">{formatPrice(deal.priceAtSave, deal.currency)}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Delivered total now</dt>
          <dd className="text-right font-medium">
            {deal.now === null ? (
              <span className="text-muted-foreground">No longer listed</span>
            ) : (
              <DealNow deal={deal} now={deal.now} shipTo={shipTo} clock={now} />
            )}
          </dd>
          {change !== null ? (
            <>
              <dt className="text-muted-foreground">
                Change since saved
                {/* Without a delivered total then or now, the price after coupon is compared. */}
                {change.delivered ? null : (
                  <span className="block text-xs">(price after coupon)</span>
                )}
              </dt>
              <dd className="text-right" data-testid="deal-change">
                {change.amount === 0 ? (
                  <span className="text-muted-foreground">No change</span>
                ) : (
                  <span className={change.amount < 0 ? "text-success" : "text-destructive"}>
                    {change.amount < 0 ? "▼" : "▲"}{" "}
                    {formatPrice(Math.abs(change.amount), change.currency)}
                  </span>
                )}
              </dd>
            </>
          ) : null}
          {deal.history ? (
            <dd className="col-span-2">
              <DealSparkline history={deal.history} now={now} />
            </dd>
          ) : null}
          {deal.now?.labWarning ? (
            <dd className="col-span-2 text-right" data-testid="deal-lab-warning">
              <FailedLabTestWarning warning={deal.now.labWarning} />
            </dd>
          ) : null}
          {deal.cheaperElsewhere ? (
            <dd className="col-span-2 text-right text-sm" data-testid="cheaper-elsewhere">
              {cheaperElsewhereText(deal.cheaperElsewhere)}
            </dd>
          ) : null}
          {inStock === false && deal.sizeOptionId && deal.vendorPeptideId ? (
            <dd className="col-span-2 text-right">
              <RestockAlertButton
                sizeOptionId={deal.sizeOptionId}
                vendorPeptideId={deal.vendorPeptideId}
                currency={deal.currency}
              />
            </dd>
          ) : null}
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
          {deal.url && deal.vendorPeptideId ? (
            <>
              <Button asChild size="sm" variant="link">
                <a
                  href={offerLinkPath(deal.vendorPeptideId)}
                  target="_blank"
                  rel={outboundRel(affiliated)}
                >
                  Visit vendor <ExternalLink className="size-3" aria-hidden />
                </a>
              </Button>
              {affiliated ? <AffiliateNote /> : null}
            </>
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
          <DealDetailsFields
            idPrefix={deal.id}
            tags={deal.tags}
            notes={deal.notes}
            errors={errors.notes}
          />
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

/**
 * One click for a back-in-stock alert on the saved offer (issue 30): an e-mail, at once, when
 * this vendor has it again; edited like any alert in the list below.
 */
function RestockAlertButton({
  sizeOptionId,
  vendorPeptideId,
  currency,
}: {
  sizeOptionId: string;
  vendorPeptideId: string;
  currency: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post" action="/alerts">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="sizeOptionId" value={sizeOptionId} />
      <input type="hidden" name="mode" value="restock" />
      <input type="hidden" name="vendorPeptideId" value={vendorPeptideId} />
      <input type="hidden" name="currency" value={currency} />
      <input type="hidden" name="includeShipping" value="true" />
      <input type="hidden" name="channels" value="email" />
      <input type="hidden" name="digest" value="immediate" />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        <BellRing aria-hidden />
        Tell me when back in stock
      </Button>
    </fetcher.Form>
  );
}

/**
 * The saved offer now, as the offer table says it: the delivered total (or the price with
 * "+ shipping (not stated)"), per mg delivered, stock, and how fresh the price is.
 */
function DealNow({
  deal,
  now,
  shipTo,
  clock,
}: {
  deal: SavedDealRow;
  now: NonNullable<SavedDealRow["now"]>;
  shipTo: string | null;
  clock: string;
}) {
  const perMg = perMgDelivered(now.display);
  return (
    <span className="inline-flex flex-col items-end">
      <span data-testid="deal-total">
        <LandedTotal offer={now} shipTo={shipTo} />
      </span>
      {perMg ? (
        <span className="text-xs font-normal text-muted-foreground" data-testid="deal-per-mg">
          <OfferAmount offer={now} amount={() => perMg.amount} suffix="/mg" />{" "}
          {perMg.delivered ? "per mg, delivered" : "per mg, shipping not stated"}
        </span>
      ) : null}
      <span
        className={cn(
          "block text-xs font-normal",
          now.inStock ? "text-success" : "text-destructive",
        )}
        data-testid="deal-stock"
      >
        {now.inStock ? "In stock" : "Out of stock"}
      </span>
      {deal.priceCheckedAt ? (
        <span className="block text-xs font-normal text-muted-foreground">
          {now.stale ? (
            <span data-testid="deal-stale">
              {formatLastChecked(deal.priceCheckedAt, new Date(clock))}
            </span>
          ) : (
            <>
              as of{" "}
              <time dateTime={new Date(deal.priceCheckedAt).toISOString()}>
                {formatRelativeTime(deal.priceCheckedAt, new Date(clock))}
              </time>
            </>
          )}
        </span>
      ) : null}
    </span>
  );
}
