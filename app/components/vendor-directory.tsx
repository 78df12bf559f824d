import { ArrowDown, ArrowUp, ArrowUpDown, Star } from "lucide-react";
import { Link } from "react-router";

import { formatPrice, formatRelativeTime } from "~/lib/format";
import type { SortState } from "~/lib/sort";
import { cn } from "~/lib/utils";
import {
  countryName,
  VENDOR_SORT_LABELS,
  VENDOR_SORTS,
  vendorSortHref,
  type ShownAmount,
  type VendorDirectoryEntry,
  type VendorSort,
} from "~/lib/vendor-directory";

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./ui/table";

/**
 * The public vendor index: a table from 768 px, a card per vendor below (no sideways scrolling
 * at 390 px). Sorting is by links, so it works before hydration and without JavaScript, and
 * the order lives in the URL.
 */

function amountText({ amount, currency, converted }: ShownAmount): string {
  return `${converted ? "≈ " : ""}${formatPrice(amount, currency)}`;
}

function ShipsThereText({
  vendor,
  destination,
}: {
  vendor: VendorDirectoryEntry;
  destination: string | null;
}) {
  if (vendor.shipsThere === "unknown") {
    return <span className="text-muted-foreground">Destinations not stated</span>;
  }
  if (vendor.shipsThere === "no") {
    return <span>{`Doesn't ship to ${countryName(destination ?? "")}`}</span>;
  }
  if (destination !== null) return <span>{`Ships to ${countryName(destination)}`}</span>;
  return <span>{`Ships to ${vendor.shipsTo.map(countryName).join(", ")}`}</span>;
}

function ShippingFeeText({ vendor }: { vendor: VendorDirectoryEntry }) {
  if (vendor.shipsThere === "no") return <span className="text-muted-foreground">—</span>;
  if (vendor.shippingFee === null) {
    return (
      <span className="text-muted-foreground">
        {vendor.shippingNote?.trim()
          ? `Not stated (“${vendor.shippingNote.trim()}”)`
          : "Not stated"}
      </span>
    );
  }
  const fee = vendor.shippingFee.amount === 0 ? "Free" : amountText(vendor.shippingFee);
  return (
    <span>
      {fee}
      {vendor.freeShippingOver !== null && vendor.shippingFee.amount !== 0 ? (
        <span className="block text-xs text-muted-foreground">
          {`free over ${amountText(vendor.freeShippingOver)}`}
        </span>
      ) : null}
    </span>
  );
}

function CouponText({ vendor }: { vendor: VendorDirectoryEntry }) {
  if (vendor.coupon === null) return <span className="text-muted-foreground">None</span>;
  return (
    <span>
      <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{vendor.coupon.code}</code>{" "}
      {`${vendor.coupon.discount} off`}
    </span>
  );
}

function RatingText({ rating }: { rating: number | null }) {
  if (rating === null) return <span className="text-muted-foreground">Not rated</span>;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <Star className="size-4 fill-warning text-warning" aria-hidden />
      {rating.toFixed(1)}
      <span className="sr-only"> out of 5</span>
    </span>
  );
}

function ReliabilityText({ vendor }: { vendor: VendorDirectoryEntry }) {
  if (vendor.reliability === null) return <span className="text-muted-foreground">Not yet</span>;
  return (
    <Link
      to={`/vendor/${vendor.slug}#reliability`}
      className="tabular-nums underline-offset-2 hover:underline"
    >
      {vendor.reliability}/100
      <span className="sr-only"> reliability: how it is computed</span>
    </Link>
  );
}

function FreshnessText({ at }: { at: string | null }) {
  if (at === null) return <span className="text-muted-foreground">Never</span>;
  return (
    <time dateTime={at} className="whitespace-nowrap" suppressHydrationWarning>
      {formatRelativeTime(at)}
    </time>
  );
}

function SortIcon({ active, direction }: { active: boolean; direction: "asc" | "desc" }) {
  const Icon = !active ? ArrowUpDown : direction === "asc" ? ArrowUp : ArrowDown;
  return <Icon className={cn("size-3.5", !active && "opacity-40")} aria-hidden />;
}

function SortableHeader({
  column,
  sort,
  className,
}: {
  column: VendorSort;
  sort: SortState<VendorSort>;
  className?: string;
}) {
  const active = sort.column === column;
  return (
    <TableHead
      scope="col"
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
      className={className}
    >
      <Link
        to={vendorSortHref(sort, column)}
        preventScrollReset
        data-testid={`vendors-sort-${column}`}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-medium hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {VENDOR_SORT_LABELS[column]}
        <SortIcon active={active} direction={sort.direction} />
      </Link>
    </TableHead>
  );
}

/** What the directory's table (from 768 px) and its cards (below) both show. */
interface VendorListProps {
  vendors: VendorDirectoryEntry[];
  destination: string | null;
  sort: SortState<VendorSort>;
}

function VendorTable({ vendors, destination, sort }: VendorListProps) {
  return (
    <Table className="hidden md:table" data-testid="vendors-table">
      <TableHeader>
        <TableRow>
          <SortableHeader column="name" sort={sort} />
          <TableHead scope="col">Delivery</TableHead>
          <SortableHeader column="shipping" sort={sort} />
          <TableHead scope="col">Coupon</TableHead>
          <SortableHeader column="reliability" sort={sort} />
          <SortableHeader column="rating" sort={sort} />
          <SortableHeader column="offers" sort={sort} className="text-right" />
          <SortableHeader column="updated" sort={sort} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {vendors.map((vendor) => (
          <TableRow key={vendor.id} data-testid="vendors-row" data-vendor={vendor.slug}>
            <TableCell className="font-medium">
              <Link to={`/vendor/${vendor.slug}`} className="underline-offset-2 hover:underline">
                {vendor.name}
              </Link>
            </TableCell>
            <TableCell className="whitespace-normal">
              <ShipsThereText vendor={vendor} destination={destination} />
            </TableCell>
            <TableCell className="whitespace-normal">
              <ShippingFeeText vendor={vendor} />
            </TableCell>
            <TableCell>
              <CouponText vendor={vendor} />
            </TableCell>
            <TableCell>
              <ReliabilityText vendor={vendor} />
            </TableCell>
            <TableCell>
              <RatingText rating={vendor.rating} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{vendor.offerCount}</TableCell>
            <TableCell>
              <FreshnessText at={vendor.lastPriceUpdate} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function VendorCards({ vendors, destination, sort }: VendorListProps) {
  return (
    <div className="flex flex-col gap-3 md:hidden">
      <nav
        aria-label="Sort vendors"
        className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
      >
        <span className="text-muted-foreground">Sort by:</span>
        {VENDOR_SORTS.map((column) => {
          const active = sort.column === column;
          return (
            <Link
              key={column}
              to={vendorSortHref(sort, column)}
              preventScrollReset
              aria-current={active ? "true" : undefined}
              className={cn(
                "inline-flex items-center gap-1 rounded px-1 py-0.5 underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                active && "font-semibold",
              )}
            >
              {VENDOR_SORT_LABELS[column]}
              <SortIcon active={active} direction={sort.direction} />
              {active ? (
                <span className="sr-only">
                  {sort.direction === "asc" ? " (ascending)" : " (descending)"}
                </span>
              ) : null}
            </Link>
          );
        })}
      </nav>
      <ul aria-label="Vendors" className="flex flex-col gap-3">
        {vendors.map((vendor) => (
          <li
            key={vendor.id}
            data-testid="vendors-card"
            data-vendor={vendor.slug}
            className="rounded-lg border p-3"
          >
            <div className="flex items-start justify-between gap-2">
              <Link
                to={`/vendor/${vendor.slug}`}
                className="min-w-0 font-medium wrap-anywhere underline-offset-2 hover:underline"
              >
                {vendor.name}
              </Link>
              <RatingText rating={vendor.rating} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Delivery</dt>
              <dd className="min-w-0 wrap-anywhere">
                <ShipsThereText vendor={vendor} destination={destination} />
              </dd>
              <dt className="text-muted-foreground">Shipping</dt>
              <dd className="min-w-0 wrap-anywhere">
                <ShippingFeeText vendor={vendor} />
              </dd>
              <dt className="text-muted-foreground">Coupon</dt>
              <dd className="min-w-0 wrap-anywhere">
                <CouponText vendor={vendor} />
              </dd>
              <dt className="text-muted-foreground">Reliability</dt>
              <dd>
                <ReliabilityText vendor={vendor} />
              </dd>
              <dt className="text-muted-foreground">Offers</dt>
              <dd>{vendor.offerCount}</dd>
              <dt className="text-muted-foreground">Prices updated</dt>
              <dd>
                <FreshnessText at={vendor.lastPriceUpdate} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function VendorDirectoryList(props: {
  vendors: VendorDirectoryEntry[];
  destination: string | null;
  sort: SortState<VendorSort>;
}) {
  return (
    <>
      <VendorTable {...props} />
      <VendorCards {...props} />
    </>
  );
}
