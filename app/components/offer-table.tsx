import { ExternalLink } from "lucide-react";
import { useSearchParams } from "react-router";

import { useRootData } from "~/hooks/use-root-data";
import type { OfferRow, OfferlessRow } from "~/lib/offer-row";
import {
  formatPack,
  isInStockOnly,
  isTestedOnly,
  parseOfferSort,
  withOfferSort,
} from "~/lib/offer-view";
import { goodDealsBySize, type GoodDealReason } from "~/lib/good-deal";
import { bestOfferIds, buyableFirst } from "~/lib/pricing";
import { nextSort, sortBy, type SortState } from "~/lib/sort";
import { cn } from "~/lib/utils";

import {
  OFFER_COLUMNS,
  OFFER_SORT_OPTIONS,
  OfferlessNote,
  PeptideLink,
  type CellContext,
  type OfferColumn,
  type OfferSortOption,
} from "./offer-columns";
import {
  HiddenOffersNote,
  SortableHead,
  SortSelect,
  UNAVAILABLE_CLASS,
} from "./offer-table-controls";
import { TestedOfferBadge } from "./lab-tests-section";
import { SaveDealButton } from "./save-deal-button";
import { Button } from "./ui/button";

/**
 * The one offer table (issue 22) of the detail, compare and vendor pages (and any other list of
 * vendor prices): columns are chosen per page from OFFER_COLUMNS. Rendered once: a table from
 * 640 px, a compact card per offer below (app.css .offer-table) showing vendor, size, landed
 * total, stock and Buy, the other columns behind the row's "Details" disclosure, where a page's
 * less important columns (`details`) always go. Best Price and Good Deal go to buyable offers
 * by landed total (app/lib/pricing.ts); out-of-stock rows get a quiet "View at vendor". An
 * offer whose pair is Tested (issue 23) carries the "Tested" badge under its first cell, the
 * card's title, so phones show it too.
 *
 * The search page lists one row per peptide (its Best Price offer) in its own relevance order
 * (`sortable={false}`: totals of different peptides and packs are not one market), then a row
 * for each peptide with nothing to buy (`offerless`), and an "Add to stack" in each row
 * (`rowActions`).
 */

const SORTABLE = (Object.keys(OFFER_COLUMNS) as OfferColumn[]).filter(
  (column) => OFFER_COLUMNS[column].sortValue,
);

/**
 * An offer list's state, kept in the URL (?sort=…&dir=…&stock=in&tested=1): rows sorted by the chosen
 * column with buyable offers first and out-of-stock or stale ones after them, and a `head`
 * that renders a sortable header cell.
 */
function useOfferSort(offers: OfferRow[], initialColumn: OfferColumn, sortable: boolean) {
  const [params, setParams] = useSearchParams();
  const sort = parseOfferSort(params, SORTABLE, initialColumn);
  // From the URL as it is when the visitor acts, so a click that lands while another change
  // is still settling keeps that change (a size just chosen, say).
  const setSort = (next: SortState<OfferColumn>) =>
    setParams((current) => withOfferSort(current, next, initialColumn), {
      preventScrollReset: true,
    });
  const onSort = (column: OfferColumn) =>
    setParams(
      (current) =>
        withOfferSort(
          current,
          nextSort(parseOfferSort(current, SORTABLE, initialColumn), column),
          initialColumn,
        ),
      { preventScrollReset: true },
    );
  const inStockOnly = isInStockOnly(params);
  const testedOnly = isTestedOnly(params);
  const shown = offers.filter(
    (offer) => (!inStockOnly || offer.buyable) && (!testedOnly || offer.tested !== null),
  );
  const valueOf = (offer: OfferRow, column: OfferColumn) =>
    OFFER_COLUMNS[column].sortValue?.(offer);
  return {
    rows: buyableFirst(sortable ? sortBy(shown, sort, valueOf) : shown),
    sort,
    setSort,
    onSort,
    hiddenCount: offers.length - shown.length,
    inStockOnly,
    testedOnly,
  };
}

/** The Buy link of a buyable offer; a quiet "View at vendor" for one that cannot be bought now. */
function VendorPageLink({ offer }: { offer: OfferRow }) {
  if (!offer.url) return null;
  const what = (
    <span className="sr-only">
      {" "}
      {offer.peptideName} {formatPack(offer.sizeLabel, offer.vials)} at {offer.vendorName} (opens in
      a new tab)
    </span>
  );
  if (!offer.buyable) {
    return (
      <a
        href={offer.url}
        target="_blank"
        rel="nofollow noopener"
        className="text-xs whitespace-nowrap text-foreground/80 underline underline-offset-4 hover:text-foreground"
        data-testid="view-at-vendor"
      >
        View at vendor
        {what}
      </a>
    );
  }
  return (
    <Button asChild size="sm">
      <a href={offer.url} target="_blank" rel="nofollow noopener" data-testid="buy">
        Buy
        <ExternalLink className="size-3" aria-hidden />
        {what}
      </a>
    </Button>
  );
}

/**
 * The row's "Details" disclosure: on a phone, opening it shows the columns the card leaves out
 * (app.css: a row with an open disclosure shows its .offer-fold cells, so nothing is rendered
 * twice); on every screen it holds the page's `details` columns, the less important ones the
 * table folds away. Plain <details>: it works before hydration.
 */
function OfferDetails({
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
  if (!hasFolded && details.length === 0) return null;
  return (
    <details className={cn("offer-details", details.length === 0 && "sm:hidden")}>
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
              <dd className="min-w-0 break-words">{OFFER_COLUMNS[column].cell(offer, context)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </details>
  );
}

export function OfferTable({
  offers,
  offerless = [],
  columns,
  details = [],
  initialSort = "total",
  sortable = true,
  sortOptions = OFFER_SORT_OPTIONS,
  badges = true,
  rowActions,
  testId,
  rowTestId,
  empty,
}: {
  offers: OfferRow[];
  /** Peptides without an offer to show (search results): a row each after the offers. */
  offerless?: OfferlessRow[];
  /** The table's columns, in order; the first is the card's title. */
  columns: readonly OfferColumn[];
  /** Less important columns, shown in each row's "Details" only. */
  details?: readonly OfferColumn[];
  initialSort?: OfferColumn;
  /** False: rows keep the order given (buyable first), and no header sorts. */
  sortable?: boolean;
  sortOptions?: OfferSortOption[];
  /** Best Price and Good Deal: off where the offers are not one market (a vendor's own page). */
  badges?: boolean;
  /** More actions of a row's peptide, after Buy and Save (search's "Add to stack"). */
  rowActions?: (
    row: Pick<OfferRow, "peptideId" | "peptideName" | "peptideSlug">,
  ) => React.ReactNode;
  testId: string;
  rowTestId: string;
  /** What an empty list says. */
  empty: string;
}) {
  const shipTo = useRootData()?.shipTo ?? null;
  const { rows, sort, setSort, onSort, hiddenCount, inStockOnly, testedOnly } = useOfferSort(
    offers,
    initialSort,
    sortable,
  );
  const best = badges ? bestOfferIds(offers, (offer) => offer.sizeId) : new Set<string>();
  const deals = badges
    ? goodDealsBySize(offers, (offer) => offer.sizeId)
    : new Map<string, GoodDealReason>();
  const folded = columns.filter((column) => !OFFER_COLUMNS[column].onCard);

  if (offers.length === 0 && offerless.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        {empty}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {sortable ? <SortSelect options={sortOptions} sort={sort} onChange={setSort} /> : null}
      {rows.length === 0 && offerless.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          {testedOnly
            ? "No offer here has a passing lab test right now."
            : "No vendor has this in stock right now."}
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="offer-table" data-testid={testId}>
          <thead>
            <tr>
              {columns.map((column) => {
                const spec = OFFER_COLUMNS[column];
                const className = cn(spec.numeric && "num");
                return spec.sortValue && sortable ? (
                  <SortableHead
                    key={column}
                    column={column}
                    label={spec.label}
                    sort={sort}
                    onSort={onSort}
                    className={className}
                  />
                ) : (
                  <th key={column} scope="col" className={className}>
                    {spec.label}
                  </th>
                );
              })}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((offer) => {
              const context: CellContext = {
                best: best.has(offer.id),
                deal: deals.get(offer.id),
                shipTo,
                columns,
              };
              return (
                <tr
                  key={offer.id}
                  data-testid={rowTestId}
                  data-offer={offer.id}
                  data-buyable={offer.buyable}
                  data-size={offer.sizeId}
                  data-best={context.best || undefined}
                  className={cn(
                    context.best && "bg-success/5",
                    (!offer.buyable || offer.shipsToDestination === false) && UNAVAILABLE_CLASS,
                  )}
                >
                  {columns.map((column, index) => {
                    const spec = OFFER_COLUMNS[column];
                    return (
                      <td
                        key={column}
                        data-label={index === 0 ? undefined : spec.label}
                        className={cn(spec.numeric && "num", !spec.onCard && "offer-fold")}
                      >
                        {spec.cell(offer, context)}
                        {index === 0 && offer.tested ? (
                          <span className="mt-1 block">
                            <TestedOfferBadge text={offer.tested} />
                          </span>
                        ) : null}
                      </td>
                    );
                  })}
                  <td>
                    <div className="flex flex-wrap items-center justify-end gap-1 max-sm:justify-between">
                      <OfferDetails
                        offer={offer}
                        hasFolded={folded.length > 0}
                        details={details}
                        context={context}
                      />
                      <span className="flex items-center gap-1">
                        <VendorPageLink offer={offer} />
                        <SaveDealButton vendorPeptideId={offer.id} />
                      </span>
                      {rowActions?.(offer)}
                    </div>
                  </td>
                </tr>
              );
            })}
            {offerless.map((row) => (
              <tr
                key={`offerless:${row.peptideId}`}
                data-testid={rowTestId}
                data-buyable={false}
                className={UNAVAILABLE_CLASS}
              >
                <td>
                  <PeptideLink row={row} />
                </td>
                <td colSpan={columns.length - 1} className="max-sm:col-span-2">
                  <OfferlessNote row={row} />
                </td>
                <td>
                  <div className="flex flex-wrap items-center justify-end gap-1 max-sm:justify-between">
                    {rowActions?.(row)}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <HiddenOffersNote count={hiddenCount} inStockOnly={inStockOnly} testedOnly={testedOnly} />
    </div>
  );
}
