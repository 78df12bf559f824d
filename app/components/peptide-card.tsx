import { useState } from "react";
import { Link } from "react-router";

import type { CardSize, PeptideCardData } from "~/lib/peptide-card";
import { formatPrice } from "~/lib/format";
import { FAILED_LAB_TEST } from "~/lib/lab-tests";
import { SHIPPING_NOT_STATED, shippingNote } from "~/lib/offer-view";
import { peptideImageProps } from "~/lib/peptide-image";
import { IMAGE_SIZES } from "~/lib/responsive-image";

import { Skeleton } from "./ui/skeleton";

/**
 * One peptide with its sizes; every size's Best Price (landed total: price after coupon plus
 * shipping to the visitor's destination) is already in the loader data,
 * so choosing a size updates the price in place without a request. Its longer class lists
 * are app.css rules (.peptide-card…): a page shows dozens of cards. Below 640 px the same
 * card is a compact row (name, lowest price, vendor count) and its image is never fetched:
 * the image is lazy and not displayed, so no card image is eager or preloaded.
 */
export function PeptideCard({ peptide }: { peptide: PeptideCardData }) {
  const [sizeId, setSizeId] = useState(peptide.defaultSizeId);
  const size = peptide.sizes.find((s) => s.id === sizeId) ?? peptide.sizes[0];
  const href = `/peptide/${peptide.slug}`;
  return (
    <article className="peptide-card" aria-label={peptide.name} data-testid="peptide-card">
      <div className="peptide-card-media">
        <img
          {...peptideImageProps(peptide.imageUrl, IMAGE_SIZES.card, 400)}
          alt=""
          loading="lazy"
          decoding="async"
          // Its own 4:3 box, border-box: a percentage height in the slot does not resolve, and the
          // placeholder's padding would add to the height its width/height ratio gives.
          className="peptide-image aspect-[4/3] w-full"
        />
      </div>
      <div className="peptide-card-body">
        <div className="flex min-w-0 flex-col gap-1">
          {/* An unbroken name (a pasted code, 200 characters) wraps anywhere: on a phone's row
              it would otherwise run under the price beside it. */}
          <h3 className="font-semibold leading-tight wrap-anywhere">
            {/* Its ::after covers the card, so the card is one link and one tab stop. */}
            <Link
              to={href}
              prefetch="intent"
              className="hover:underline after:absolute after:inset-0"
            >
              {peptide.name}
            </Link>
          </h3>
          <span className="max-sm:hidden text-xs text-muted-foreground">
            {peptide.categoryName ?? "Uncategorised"}
          </span>
        </div>
        {peptide.sizes.length > 0 ? (
          <div
            role="group"
            aria-label={`${peptide.name} size`}
            className="max-sm:hidden relative z-10 flex flex-wrap gap-1.5"
          >
            {peptide.sizes.map((s) => (
              <button
                key={s.id}
                type="button"
                aria-pressed={s.id === size?.id}
                onClick={() => setSizeId(s.id)}
                className="peptide-card-size"
              >
                {s.label}
              </button>
            ))}
          </div>
        ) : null}
        <div className="peptide-card-footer">
          <div className="min-w-0">
            <p className="max-sm:hidden text-xs text-muted-foreground">
              {size?.vials && size.vials > 1 ? "Lowest total per vial" : "Lowest total"}
            </p>
            <p className="peptide-card-price" data-testid="card-price" aria-live="polite">
              {size?.lowestPrice != null
                ? `${size.convertedFrom ? "≈ " : ""}${formatPrice(size.lowestPrice, size.currency)}`
                : "—"}
            </p>
            {size?.lowestPrice != null && !size.shippingStated ? (
              <p className="sm:hidden text-xs text-muted-foreground">{SHIPPING_NOT_STATED}</p>
            ) : null}
            {size?.lowestPrice != null ? (
              <p
                className="max-sm:hidden text-xs text-muted-foreground tabular-nums"
                data-testid="card-details"
              >
                {size.convertedFrom
                  ? `from ${formatPrice(size.convertedFrom.price, size.convertedFrom.currency)} · `
                  : ""}
                {size.perMg !== null ? `${formatPrice(size.perMg, size.currency)}/mg · ` : ""}
                {shippingNote(size.shipping)}
              </p>
            ) : size?.listed ? (
              <p className="text-xs text-muted-foreground">Not in stock</p>
            ) : null}
            {size ? <CardLabBadge size={size} /> : null}
          </div>
          <span className="peptide-card-vendors" data-testid="card-vendors">
            {`${size?.vendorCount ?? 0} ${size?.vendorCount === 1 ? "vendor" : "vendors"}`}
          </span>
        </div>
      </div>
    </article>
  );
}

/**
 * The card's price offer's lab state in its offer row's words: "Tested", or "Failed lab test"
 * when the buyer includes such offers and one is the Best Price. The full words (lab, date,
 * measurements) are the tooltip and reach a screen reader; the report is on the detail page.
 * The badge's classes without the Badge component: its variants library stays off the home
 * page's JavaScript budget.
 */
function CardLabBadge({ size }: { size: CardSize }) {
  if (size.labWarning) {
    return (
      <span
        className="badge border-transparent bg-destructive text-white"
        title={size.labWarning.text}
        data-card-lab="failed"
      >
        {FAILED_LAB_TEST}
        <span className="sr-only">: {size.labWarning.text}</span>
      </span>
    );
  }
  if (!size.tested) return null;
  return (
    <span
      className="badge border-transparent bg-success text-success-foreground"
      title={size.tested}
      data-card-lab="tested"
    >
      Tested
      <span className="sr-only">: {size.tested}</span>
    </span>
  );
}

/** Same outer size as a card, so the grid does not jump while the next page loads. */
export function PeptideCardSkeleton() {
  return (
    <div className="peptide-card" data-testid="peptide-card-skeleton">
      <Skeleton className="peptide-card-media rounded-none" />
      <div className="peptide-card-body">
        <div className="flex flex-1 flex-col gap-1">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="max-sm:hidden h-3 w-1/3" />
        </div>
        <div className="max-sm:hidden flex gap-1.5">
          <Skeleton className="h-7 w-12" />
          <Skeleton className="h-7 w-12" />
        </div>
        <div className="peptide-card-footer">
          <Skeleton className="h-14 w-32 max-sm:h-6 max-sm:w-20" />
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
  "grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4";
