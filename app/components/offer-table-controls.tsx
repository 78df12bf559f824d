import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link, useSearchParams } from "react-router";

import { isInStockOnly, isTestedOnly, withInStockOnly, withTestedOnly } from "~/lib/offer-view";
import type { SortState } from "~/lib/sort";
import { cn } from "~/lib/utils";

/**
 * The controls around an offer table: sortable headers, the phone's sort select, the stock and
 * "Tested only" switches.
 */

/**
 * A header cell of an .offer-table whose button sorts by its column (SPEC.md §4); aria-sort
 * tells screen readers the state.
 */
export function SortableHead<K extends string>({
  column,
  label,
  sort,
  onSort,
  className,
  title,
}: {
  column: K;
  label: string;
  /** The header's tooltip. */
  title?: string;
  sort: SortState<K> | null;
  onSort: (column: K) => void;
  className?: string;
}) {
  const active = sort?.column === column;
  const Icon = !active ? ArrowUpDown : sort.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
      className={className}
      title={title}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-medium hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {label}
        <Icon className={cn("size-3.5", !active && "opacity-40")} aria-hidden />
      </button>
    </th>
  );
}

/**
 * A filter switch of an offer list: a link to the same page with the filter turned over, so it
 * works before hydration and lands in the URL.
 */
function OfferFilterSwitch({
  label,
  isOn,
  withOn,
}: {
  label: string;
  isOn: (params: URLSearchParams) => boolean;
  withOn: (params: URLSearchParams, on: boolean) => URLSearchParams;
}) {
  const [params] = useSearchParams();
  const on = isOn(params);
  const search = withOn(params, !on).toString();
  return (
    <Link
      to={search ? `?${search}` : "?"}
      preventScrollReset
      role="switch"
      aria-checked={on}
      className="inline-flex items-center gap-2 rounded-md text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <SwitchTrack on={on} />
      {label}
    </Link>
  );
}

/** The drawn track and knob of a link or button with role="switch": one look for every switch. */
export function SwitchTrack({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden
      className={cn(
        "relative inline-flex h-5 w-9 shrink-0 rounded-full border transition-colors",
        on ? "border-primary bg-primary" : "bg-input",
      )}
    >
      <span
        className={cn(
          "absolute top-0.5 size-3.5 rounded-full bg-background shadow transition-transform",
          on ? "translate-x-4" : "translate-x-0.5",
        )}
      />
    </span>
  );
}

/** The "In stock only" switch (?stock=in). */
export function InStockSwitch() {
  return <OfferFilterSwitch label="In stock only" isOn={isInStockOnly} withOn={withInStockOnly} />;
}

/** The "Tested only" switch (?tested=1): offers with a passing lab test (issue 23). */
export function TestedOnlySwitch() {
  return <OfferFilterSwitch label="Tested only" isOn={isTestedOnly} withOn={withTestedOnly} />;
}

/** The sort control of an offer list below 640 px, where its rows are cards without column headers. */
export function SortSelect<K extends string>({
  options,
  sort,
  onChange,
}: {
  options: { column: K; direction: "asc" | "desc"; label: string }[];
  sort: SortState<K>;
  onChange: (sort: SortState<K>) => void;
}) {
  const value = `${sort.column}:${sort.direction}`;
  const known = options.some((o) => `${o.column}:${o.direction}` === value);
  return (
    <label className="flex items-center gap-2 text-sm font-medium sm:hidden">
      Sort by
      <select
        value={known ? value : `${options[0].column}:${options[0].direction}`}
        onChange={(event) => {
          const [column, direction] = event.currentTarget.value.split(":") as [K, "asc" | "desc"];
          onChange({ column, direction });
        }}
        className="h-9 flex-1 rounded-md border bg-background px-2 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {options.map((o) => (
          <option key={`${o.column}:${o.direction}`} value={`${o.column}:${o.direction}`}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Muted rows: offers that cannot be bought now (out of stock, or a price no longer seen). */
export const UNAVAILABLE_CLASS = "offer-unavailable";

/** Under a filtered table: how many offers the switches leave out, and why. */
export function HiddenOffersNote({
  count,
  inStockOnly,
  testedOnly,
}: {
  count: number;
  inStockOnly: boolean;
  testedOnly: boolean;
}) {
  if (count === 0) return null;
  const offers = count === 1 ? "offer" : "offers";
  const why =
    inStockOnly && testedOnly
      ? `${offers} out of stock, outdated or without a passing lab test`
      : testedOnly
        ? `${offers} without a passing lab test`
        : `out-of-stock or outdated ${offers}`;
  return (
    <p className="text-xs text-muted-foreground" data-testid="hidden-offers">
      {count} {why} hidden.
    </p>
  );
}
