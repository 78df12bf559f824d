/**
 * The public vendor index (/vendors): which columns it sorts by and in which direction, in the
 * URL (?sort=rating&dir=desc) so a link, Back and a page without JavaScript keep the order, and
 * whether a vendor ships to the visitor's destination.
 */
import { onFirstUse } from "~/lib/on-first-use";
import { sortBy, type SortDirection, type SortState } from "~/lib/sort";

export const VENDOR_SORTS = [
  "name",
  "reliability",
  "rating",
  "offers",
  "shipping",
  "updated",
] as const;
export type VendorSort = (typeof VENDOR_SORTS)[number];
export const DEFAULT_VENDOR_SORT: SortState<VendorSort> = { column: "name", direction: "asc" };

/** What a buyer looks for first in each column: best rated, most offers, cheapest, freshest. */
export const FIRST_DIRECTION: Record<VendorSort, SortDirection> = {
  name: "asc",
  reliability: "desc",
  rating: "desc",
  offers: "desc",
  shipping: "asc",
  updated: "desc",
};

export const VENDOR_SORT_LABELS: Record<VendorSort, string> = {
  name: "Name",
  reliability: "Reliability",
  rating: "Rating",
  offers: "Offers",
  shipping: "Shipping fee",
  updated: "Last price update",
};

/**
 * The address of the index sorted by a column: a column not yet sorted by starts in its first
 * direction, the current one flips. The default order (name, A to Z) is the bare path.
 */
export function vendorSortHref(current: SortState<VendorSort>, column: VendorSort): string {
  const direction: SortDirection =
    current.column === column
      ? current.direction === "asc"
        ? "desc"
        : "asc"
      : FIRST_DIRECTION[column];
  if (column === DEFAULT_VENDOR_SORT.column && direction === DEFAULT_VENDOR_SORT.direction) {
    return "/vendors";
  }
  return `/vendors?${new URLSearchParams({ sort: column, dir: direction })}`;
}

/** Whether a vendor delivers to the destination: known from its list of countries, if any. */
export type ShipsThere = "yes" | "no" | "unknown";

/**
 * A vendor without a ships-to list has not said where it ships. With no destination chosen
 * ("Anywhere"), a vendor that names any country ships somewhere.
 */
export function shipsThere(shipsTo: readonly string[], destination: string | null): ShipsThere {
  if (shipsTo.length === 0) return "unknown";
  if (destination === null) return "yes";
  return shipsTo.includes(destination) ? "yes" : "no";
}

// A fixed locale, so the server's and the browser's text agree during hydration.
const regionNames = onFirstUse(() => new Intl.DisplayNames("en", { type: "region" }));

/** "DE" → "Germany"; a code Intl does not know stays as it is. */
export function countryName(code: string): string {
  try {
    return regionNames().of(code) ?? code;
  } catch {
    return code;
  }
}

/** The fields of a vendor the index sorts by. */
export interface SortableVendor {
  name: string;
  /** The reliability score, 0…100 (app/lib/vendor-reliability.ts); null before it is computed. */
  reliability: number | null;
  rating: number | null;
  offerCount: number;
  /** Shipping fee in the display currency; null when unknown or when it does not ship there. */
  shippingFeeForSort: number | null;
  /** ISO timestamp of its newest price check. */
  lastPriceUpdate: string | null;
}

/** An amount in the display currency, or in the vendor's own when there is no rate for it. */
export interface ShownAmount {
  amount: number;
  currency: string;
  converted: boolean;
}

export interface VendorDirectoryEntry extends SortableVendor {
  id: string;
  slug: string;
  /** ISO 3166-1 alpha-2 codes; empty when the vendor has not said. */
  shipsTo: string[];
  /** Whether it ships to the visitor's destination (anywhere, when none is chosen). */
  shipsThere: ShipsThere;
  /** Flat fee per order; null when not known. */
  shippingFee: ShownAmount | null;
  /** Order subtotal (after coupon) from which shipping is free; null when there is none. */
  freeShippingOver: ShownAmount | null;
  /** The vendor's own free-text note ("Varies"), for when the fee is not known. */
  shippingNote: string | null;
  /** The vendor's coupon while it is valid; an expired one is never shown. */
  coupon: { code: string; discount: string } | null;
}

/**
 * Vendors in the chosen order; those without a value for the column (no rating, unknown fee,
 * no delivery to the destination) come last either way, and ties keep name order.
 */
export function sortVendors<T extends SortableVendor>(vendors: T[], sort: SortState<VendorSort>) {
  const byName = sortBy(vendors, DEFAULT_VENDOR_SORT, (vendor) => vendor.name);
  if (sort.column === "name") return sort.direction === "asc" ? byName : byName.reverse();
  return sortBy(byName, sort, (vendor, column) => {
    switch (column) {
      case "reliability":
        return vendor.reliability;
      case "rating":
        return vendor.rating;
      case "offers":
        return vendor.offerCount;
      case "shipping":
        return vendor.shippingFeeForSort;
      default:
        return vendor.lastPriceUpdate === null ? null : Date.parse(vendor.lastPriceUpdate);
    }
  });
}
