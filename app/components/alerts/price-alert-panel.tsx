import { BellRing } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";

import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Skeleton } from "~/components/ui/skeleton";
import { useRootData } from "~/hooks/use-root-data";
import { loginPathFor } from "~/lib/site-path";

import type { loader as alertsLoader } from "../../routes/alerts";
import { DeleteAlertButton } from "./delete-alert-button";
import type { AlertFormOptions, AlertOfferChoice, PriceAlertView } from "./price-alert-form";

/**
 * The form, with its schema and zod, loads only for a signed-in user, whose alerts are fetched
 * after the page anyway; a visitor's detail page (the one Lighthouse and most buyers see) runs
 * no form code while it hydrates.
 */
const PriceAlertForm = lazy(() =>
  import("./price-alert-form").then((module) => ({ default: module.PriceAlertForm })),
);

/** An offer on the page, for the back-in-stock alert's choice of vendor. */
export interface AlertPanelOffer {
  id: string;
  sizeId: string;
  vendorName: string;
  vials: number;
  stockStatus: string;
}

function AlertsLoading() {
  return (
    <div role="status" aria-label="Loading your price alerts" className="flex flex-col gap-2">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

function offerChoices(offers: AlertPanelOffer[], sizeId: string): AlertOfferChoice[] {
  return offers
    .filter((offer) => offer.sizeId === sizeId)
    .map((offer) => ({
      id: offer.id,
      label: `${offer.vendorName}${offer.vials > 1 ? ` (${offer.vials} vials)` : ""}${
        offer.stockStatus === "out_of_stock" ? " (out of stock)" : ""
      }`,
    }));
}

/**
 * The detail page's "Price alert" box, one alert per size. A signed-in user's alerts are
 * fetched after the page loads, so the detail page's own loader stays the same for everyone;
 * visitors get a sign-in link that comes back here (and no request).
 */
export function PriceAlertPanel({
  peptideSlug,
  sizes,
  offers,
  selectedSizeId,
}: {
  peptideSlug: string;
  sizes: { id: string; label: string }[];
  offers: AlertPanelOffer[];
  selectedSizeId: string | null;
}) {
  const signedIn = Boolean(useRootData()?.user);
  const location = useLocation();
  const fetcher = useFetcher<typeof alertsLoader>();
  const { load } = fetcher;
  const [chosenSizeId, setChosenSizeId] = useState<string | null>(null);
  const sizeId = chosenSizeId ?? selectedSizeId ?? sizes[0]?.id ?? null;

  useEffect(() => {
    if (signedIn) void load(`/alerts?peptide=${encodeURIComponent(peptideSlug)}`);
  }, [load, peptideSlug, signedIn]);

  if (sizes.length === 0 || sizeId === null) return null;
  const panel = fetcher.data;
  return (
    <section
      aria-labelledby="price-alert-heading"
      data-testid="price-alert"
      className="flex flex-col gap-3 rounded-lg border p-4"
    >
      <h2 id="price-alert-heading" className="flex items-center gap-2 text-lg font-semibold">
        <BellRing className="size-5" aria-hidden /> Price alert
      </h2>
      {!signedIn || panel?.signedIn === false ? (
        <p className="text-sm text-muted-foreground">
          <Link
            to={loginPathFor(`${location.pathname}${location.search}`)}
            className="font-medium text-foreground underline"
          >
            Sign in
          </Link>{" "}
          to be told when a vendor&apos;s price for this peptide drops below your target, or when a
          sold-out size is back in stock.
        </p>
      ) : !panel ? (
        <AlertsLoading />
      ) : (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="price-alert-size">Size</Label>
            <NativeSelect
              id="price-alert-size"
              value={sizeId}
              onChange={(event) => setChosenSizeId(event.target.value)}
              className="sm:w-48"
            >
              {sizes.map((size) => (
                <option key={size.id} value={size.id}>
                  {size.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <AlertForSize
            key={sizeId}
            sizeId={sizeId}
            offers={offerChoices(offers, sizeId)}
            alert={panel.alerts.find((alert) => alert.sizeOptionId === sizeId) ?? null}
            options={panel}
          />
        </>
      )}
    </section>
  );
}

function AlertForSize({
  sizeId,
  offers,
  alert,
  options,
}: {
  sizeId: string;
  offers: AlertOfferChoice[];
  alert: PriceAlertView | null;
  options: AlertFormOptions;
}) {
  return (
    <div className="flex flex-col gap-3">
      {alert ? (
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">You have an alert on this size.</span>
          <DeleteAlertButton alertId={alert.id} label="this size" />
        </div>
      ) : null}
      <Suspense fallback={<AlertsLoading />}>
        <PriceAlertForm
          key={alert?.id ?? "new"}
          alert={alert}
          sizeOptionId={sizeId}
          offers={offers}
          options={options}
          idPrefix={`alert-${sizeId}`}
        />
      </Suspense>
    </div>
  );
}
