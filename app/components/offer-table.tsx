import { ExternalLink } from "lucide-react";
import { Fragment } from "react";
import { useSearchParams } from "react-router";

import { useRootData } from "~/hooks/use-root-data";
import { offerLinkPath, outboundRel } from "~/lib/affiliate";
import type { OfferRow, OfferlessRow } from "~/lib/offer-row";
import {
  formatPack,
  groupBySize,
  isInStockOnly,
  isTestedOnly,
  parseOfferSort,
  withOfferSort,
} from "~/lib/offer-view";
import { goodDealsBySize, type GoodDealReason } from "~/lib/good-deal";
import { bestOfferIds, buyableFirst } from "~/lib/ranking";
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
import { AffiliateNote } from "./affiliate-note";
import { OfferDetails } from "./offer-details";
import { FailedLabTestWarning, TestedOfferBadge } from "./lab-tests-section";
import { ReportOfferLink } from "./report-offer-link";
import { SaveDealButton } from "./save-deal-button";
import { Button } from "./ui/button";

/**
 * The one offer table (issue 22) of the detail, compare and vendor pages (and any other list of
 * offers): columns are chosen per page from OFFER_COLUMNS. Rendered once: a table from
 * 640 px, a compact card per offer below (app.css .offer-table) showing vendor, size, landed
 * total, stock and Buy, the other columns behind the row's "Details" disclosure, where a page's
 * less important columns (`details`) always go. Best Price and Good Deal go to buyable offers
 * by landed total (app/lib/pricing.ts), never to an offer whose lab test failed; out-of-stock
 * rows get a quiet "View at vendor". An offer whose size is Tested (issues 23 and 30) carries
 * the "Tested" badge under its first cell, the card's title, so phones show it too; one whose
 * test of its size failed carries the "Failed lab test" warning there, with its report.
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

/**
 * The Buy link of a buyable offer; a quiet "View at vendor" for one that cannot be bought now.
 * Both leave through /go (issue 34); a vendor that pays for clicks gets rel="sponsored" and the
 * visible "Affiliate link" note beside the button, which opens the disclosure.
 */
function VendorPageLink({ offer }: { offer: OfferRow }) {
  const affiliated = useRootData()?.affiliatedVendorIds.includes(offer.vendorId) ?? false;
  if (!offer.url) return null;
  const what = (
    <span className="sr-only">
      {" "}
      {offer.peptideName} {formatPack(offer.sizeLabel, offer.vials)} at {offer.vendorName} (opens in
      a new tab)
    </span>
  );
  const note = affiliated ? <AffiliateNote /> : null;
  if (!offer.buyable) {
    return (
      <span className="inline-flex flex-col items-start gap-0.5">
        <a
          href={offerLinkPath(offer.id)}
          target="_blank"
          rel={outboundRel(affiliated)}
          className="text-xs whitespace-nowrap text-foreground/80 underline underline-offset-4 hover:text-foreground"
          data-testid="view-at-vendor"
        >
          View at vendor
          {what}
        </a>
        {note}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Button asChild size="sm">
        <a
          href={offerLinkPath(offer.id)}
          target="_blank"
          rel={outboundRel(affiliated)}
          data-testid="buy"
        >
          Buy
          <ExternalLink className="size-3" aria-hidden />
          {what}
        </a>
      </Button>
      {note}
    </span>
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
  groupSizes = false,
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
  /** Offers of several sizes under a heading per size (a detail page's "All"). */
  groupSizes?: boolean;
  /** More actions of a row's peptide, after Buy and Save (search's "Add to stack"). */
  rowActions?: (
    row: Pick<OfferRow, "peptideId" | "peptideName" | "peptideSlug" | "askedSize">,
  ) => React.ReactNode;
  testId: string;
  rowTestId: string;
  /** What an empty list says. */
  empty: string;
}) {
  const root = useRootData();
  const shipTo = root?.shipTo ?? null;
  // The visitor's "Include offers that failed a lab test in Best Price" switch (issue 30).
  const labChoice = { includeFailedLabOffers: root?.includeFailedLabOffers ?? false };
  const { rows, sort, setSort, onSort, hiddenCount, inStockOnly, testedOnly } = useOfferSort(
    offers,
    initialSort,
    sortable,
  );
  const best = badges
    ? bestOfferIds(offers, (offer) => offer.sizeId, labChoice)
    : new Set<string>();
  const deals = badges
    ? goodDealsBySize(offers, (offer) => offer.sizeId, labChoice)
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
                const className = cn(spec.numeric && "num", spec.wrapHeader && "whitespace-normal");
                return spec.sortValue && sortable ? (
                  <SortableHead
                    key={column}
                    column={column}
                    label={spec.label}
                    title={spec.hint}
                    sort={sort}
                    onSort={onSort}
                    className={className}
                  />
                ) : (
                  <th key={column} scope="col" className={className} title={spec.hint}>
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
            {(groupSizes ? groupBySize(rows) : [{ sizeId: "", label: "", rows }]).map(
              (group, _, groups) => (
                <Fragment key={group.sizeId}>
                  {groups.length > 1 ? (
                    <tr className="offer-group" data-testid="size-group">
                      <th colSpan={columns.length + 1} scope="colgroup">
                        {group.label}
                      </th>
                    </tr>
                  ) : null}
                  {group.rows.map((offer) => {
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
                          (!offer.buyable || offer.shipsToDestination === false) &&
                            UNAVAILABLE_CLASS,
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
                              {index === 0 && offer.labWarning ? (
                                <span className="mt-1 block">
                                  <FailedLabTestWarning warning={offer.labWarning} />
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
                            {/* Its own item: where the table is tight it wraps under Buy, not widening it. */}
                            <ReportOfferLink offer={offer} />
                            {rowActions?.(offer)}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </Fragment>
              ),
            )}
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
