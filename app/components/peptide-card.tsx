import { useState } from "react";
import { Link } from "react-router";

import type { PeptideCardData } from "~/.server/data/listings.server";
import { formatPrice } from "~/lib/format";
import { shippingNote } from "~/lib/offer-view";
import { IMAGE_SIZES, PLACEHOLDER_IMAGE, responsiveImage } from "~/lib/responsive-image";

import { Skeleton } from "./ui/skeleton";

export const PEPTIDE_PLACEHOLDER_IMAGE = PLACEHOLDER_IMAGE;

const CARD_CLASS =
  "flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm";

/**
 * The secondary Badge's look without its focus, invalid-state and icon rules, which a plain
 * span never needs: a home page shows dozens of cards, and every class is bytes and work in
 * each uncached render.
 */
const VENDOR_COUNT_CLASS =
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-md border border-transparent bg-secondary px-2 py-0.5 text-xs font-medium whitespace-nowrap text-secondary-foreground tabular-nums";

const SIZE_BUTTON_CLASS =
  "h-7 rounded-md border px-2 text-xs font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";
const SIZE_ACTIVE_CLASS = "border-primary bg-primary text-primary-foreground";
const SIZE_IDLE_CLASS = "bg-background hover:bg-accent";

/**
 * One peptide with its sizes; every size's lowest price is already in the loader data,
 * so choosing a size updates the price in place without a request.
 */
/** `priority`: the card is likely the largest thing on a phone's first screen; load its image first. */
export function PeptideCard({
  peptide,
  priority = false,
}: {
  peptide: PeptideCardData;
  priority?: boolean;
}) {
  const [sizeId, setSizeId] = useState(peptide.defaultSizeId);
  const size = peptide.sizes.find((s) => s.id === sizeId) ?? peptide.sizes[0];
  const href = `/peptide/${peptide.slug}`;
  return (
    <article className={CARD_CLASS} aria-label={peptide.name} data-testid="peptide-card">
      <Link
        to={href}
        prefetch="intent"
        tabIndex={-1}
        aria-hidden
        className="block aspect-[4/3] bg-muted"
      >
        <img
          {...responsiveImage(peptide.imageUrl || PEPTIDE_PLACEHOLDER_IMAGE, IMAGE_SIZES.card)}
          alt=""
          width={400}
          height={300}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          // The likely LCP image paints as soon as it is decoded; the rest never hold a frame.
          decoding={priority ? "auto" : "async"}
          className="size-full object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold leading-tight">
            <Link to={href} prefetch="intent" className="hover:underline">
              {peptide.name}
            </Link>
          </h3>
          <span className="text-xs text-muted-foreground">
            {peptide.categoryName ?? "Uncategorised"}
          </span>
        </div>
        {peptide.sizes.length > 0 ? (
          <div role="group" aria-label={`${peptide.name} size`} className="flex flex-wrap gap-1.5">
            {peptide.sizes.map((s) => (
              <button
                key={s.id}
                type="button"
                aria-pressed={s.id === size?.id}
                onClick={() => setSizeId(s.id)}
                // No class of one list overrides one of the other: joined, not merged.
                className={`${SIZE_BUTTON_CLASS} ${s.id === size?.id ? SIZE_ACTIVE_CLASS : SIZE_IDLE_CLASS}`}
              >
                {s.label}
              </button>
            ))}
          </div>
        ) : null}
        <div className="mt-auto flex items-end justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs text-muted-foreground">
              {size?.vials && size.vials > 1 ? "Lowest price per vial" : "Lowest price"}
            </p>
            <p
              className="text-xl font-bold tabular-nums"
              data-testid="card-price"
              aria-live="polite"
            >
              {size?.lowestPrice != null
                ? `${size.convertedFrom ? "≈ " : ""}${formatPrice(size.lowestPrice, size.currency)}`
                : "—"}
            </p>
            {size?.lowestPrice != null ? (
              <p className="text-xs text-muted-foreground tabular-nums" data-testid="card-details">
                {size.convertedFrom
                  ? `from ${formatPrice(size.convertedFrom.price, size.convertedFrom.currency)} · `
                  : ""}
                {size.perMg !== null ? `${formatPrice(size.perMg, size.currency)}/mg · ` : ""}
                {shippingNote(size.shipping)}
              </p>
            ) : size && size.vendorCount > 0 ? (
              <p className="text-xs text-muted-foreground">Not in stock</p>
            ) : null}
          </div>
          <span className={VENDOR_COUNT_CLASS} data-testid="card-vendors">
            {`${size?.vendorCount ?? 0} ${size?.vendorCount === 1 ? "vendor" : "vendors"}`}
          </span>
        </div>
      </div>
    </article>
  );
}

/** Same outer size as a card, so the grid does not jump while the next page loads. */
export function PeptideCardSkeleton() {
  return (
    <div className={CARD_CLASS} data-testid="peptide-card-skeleton">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-3 w-1/3" />
        <div className="flex gap-1.5">
          <Skeleton className="h-7 w-12" />
          <Skeleton className="h-7 w-12" />
        </div>
        <div className="mt-auto flex items-end justify-between">
          <Skeleton className="h-14 w-32" />
          <Skeleton className="h-5 w-16" />
        </div>
      </div>
    </div>
  );
}

export function PeptideGridSkeleton({ count }: { count: number }) {
  return (
    <div className={PEPTIDE_GRID_CLASS} aria-busy="true" aria-label="Loading peptides">
      {Array.from({ length: count }, (_, i) => (
        <PeptideCardSkeleton key={i} />
      ))}
    </div>
  );
}

export const PEPTIDE_GRID_CLASS =
  "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";
