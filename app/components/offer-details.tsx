import type { OfferRow } from "~/lib/offer-row";
import { formatPack } from "~/lib/offer-view";
import { provenanceSentence } from "~/lib/price-provenance";
import { cn } from "~/lib/utils";

import { OFFER_COLUMNS, type CellContext, type OfferColumn } from "./offer-columns";

/**
 * The row's "Details" disclosure: on a phone, opening it shows the columns the card leaves out
 * (app.css: a row with an open disclosure shows its .offer-fold cells, so nothing is rendered
 * twice); on every screen it holds the page's `details` columns, the less important ones the
 * table folds away, and how the price was read ("Price read from the vendor's product feed
 * 2 h ago", issue 31 Must 10). Plain <details>: it works before hydration.
 */
export function OfferDetails({
  offer,
  hasFolded,
  details,
  context,
}: {
  offer: OfferRow;
  hasFolded: boolean;
  details: readonly OfferColumn[];
  context: CellContext;
}) {
  const read = offer.priceRead ?? null;
  if (!hasFolded && details.length === 0 && !read) return null;
  return (
    <details className={cn("offer-details", details.length === 0 && !read && "sm:hidden")}>
      <summary className="cursor-pointer text-xs font-medium text-foreground/80 select-none">
        Details
        <span className="sr-only">
          {" "}
          of {offer.vendorName} {formatPack(offer.sizeLabel, offer.vials)}
        </span>
      </summary>
      {details.length > 0 ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          {details.map((column) => (
            <div key={column} className="contents">
              <dt className="text-muted-foreground">{OFFER_COLUMNS[column].label}</dt>
              <dd className="min-w-0 wrap-anywhere">
                {OFFER_COLUMNS[column].cell(offer, context)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {read ? (
        <p
          className="mt-2 max-w-64 text-left text-xs whitespace-normal text-muted-foreground"
          data-testid="price-provenance"
        >
          Price{" "}
          <time dateTime={read.readAt} suppressHydrationWarning>
            {provenanceSentence(read, new Date())}
          </time>
        </p>
      ) : null}
    </details>
  );
}
