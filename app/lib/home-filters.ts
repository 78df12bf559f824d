/** The home page's filters as they travel in the URL (?size=5mg&vendor=…&minPrice=…), read on both sides. */

export interface HomeFilters {
  /** Size labels as formatSize writes them ("5mg", "2 vials"). */
  sizes: string[];
  /** Vendor names (unique in the database). */
  vendors: string[];
  minPrice: number | null;
  maxPrice: number | null;
  minRating: number | null;
}

export const EMPTY_HOME_FILTERS: HomeFilters = {
  sizes: [],
  vendors: [],
  minPrice: null,
  maxPrice: null,
  minRating: null,
};

// A URL is user input: cap list lengths so a crafted link cannot build a huge IN-list.
const MAX_VALUES = 50;

function nonNegativeNumber(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function values(params: URLSearchParams, name: string): string[] {
  const unique = new Set(
    params
      .getAll(name)
      .map((v) => v.trim())
      // No size or vendor name holds control characters; PostgreSQL refuses NUL outright.
      .filter((v) => v !== "" && v.length <= 200 && !/\p{Cc}/u.test(v)),
  );
  return [...unique].slice(0, MAX_VALUES);
}

export function parseHomeFilters(params: URLSearchParams): HomeFilters {
  const rating = nonNegativeNumber(params.get("rating"));
  return {
    sizes: values(params, "size"),
    vendors: values(params, "vendor"),
    minPrice: nonNegativeNumber(params.get("minPrice")),
    maxPrice: nonNegativeNumber(params.get("maxPrice")),
    minRating: rating === null ? null : Math.min(rating, 5),
  };
}

export function hasRowFilters(filters: HomeFilters): boolean {
  return (
    filters.sizes.length > 0 ||
    filters.vendors.length > 0 ||
    filters.minPrice !== null ||
    filters.maxPrice !== null ||
    filters.minRating !== null
  );
}

export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** How the home grid is ordered (?sort=…); name is the default and is left out of the URL. */
export const HOME_SORTS = ["name", "price", "per-mg", "vendors"] as const;
export type HomeSort = (typeof HOME_SORTS)[number];

export const HOME_SORT_LABELS: Record<HomeSort, string> = {
  name: "Name",
  price: "Lowest price",
  "per-mg": "Price per mg",
  vendors: "Most vendors",
};

export function parseHomeSort(value: string | null): HomeSort {
  return HOME_SORTS.find((sort) => sort === value) ?? "name";
}

/**
 * Whether one offer passes the vendor, price and rating filters: the card then shows the
 * price of an offer that passed, never another vendor's. The price is the display-currency
 * price after coupon; an offer without one cannot pass a price filter.
 */
export function offerPassesFilters(
  offer: { vendorName: string; vendorRating: number | null; displayPrice: number | null },
  filters: HomeFilters,
): boolean {
  if (filters.vendors.length > 0 && !filters.vendors.includes(offer.vendorName)) return false;
  if (filters.minRating !== null && !((offer.vendorRating ?? -1) >= filters.minRating))
    return false;
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    if (offer.displayPrice === null) return false;
    if (filters.minPrice !== null && offer.displayPrice < filters.minPrice) return false;
    if (filters.maxPrice !== null && offer.displayPrice > filters.maxPrice) return false;
  }
  return true;
}
