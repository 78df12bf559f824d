/** The home page's filters as they travel in the URL (?size=5mg&vendor=…&minPrice=…), read on both sides. */

import { compareAmounts } from "./money";

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

/**
 * The price bands a checkbox, radio or select price filter offers (?price=25-50); the slider
 * runs over the same span, its top meaning "no upper limit".
 */
export const PRICE_BANDS = [
  { value: "0-25", min: null, max: 25, label: "Under 25" },
  { value: "25-50", min: 25, max: 50, label: "25 – 50" },
  { value: "50-100", min: 50, max: 100, label: "50 – 100" },
  { value: "100-200", min: 100, max: 200, label: "100 – 200" },
  { value: "200-", min: 200, max: null, label: "200 and over" },
] as const;
export const PRICE_SLIDER_MAX = 500;
export const PRICE_SLIDER_STEP = 5;
/** The minimum ratings a rating filter offers; the slider runs from 0 (any) to 5. */
export const RATING_CHOICES = [4.5, 4, 3] as const;
export const RATING_SLIDER_STEP = 0.5;

/** The bounds of the ticked price bands: from the lowest band's floor to the highest's ceiling. */
function priceBandBounds(
  params: URLSearchParams,
): { min: number | null; max: number | null } | null {
  const bands = PRICE_BANDS.filter((band) => params.getAll("price").includes(band.value));
  if (bands.length === 0) return null;
  const mins = bands.map((band) => band.min);
  const maxes = bands.map((band) => band.max);
  return {
    min: mins.includes(null) ? null : Math.min(...(mins as number[])),
    max: maxes.includes(null) ? null : Math.max(...(maxes as number[])),
  };
}

/** The lowest of the chosen minimum ratings (checkboxes may send several); 0 means any. */
function minimumRating(params: URLSearchParams): number | null {
  const ratings = params
    .getAll("rating")
    .map((value) => nonNegativeNumber(value))
    .filter((value): value is number => value !== null && value > 0);
  return ratings.length === 0 ? null : Math.min(Math.min(...ratings), 5);
}

export function parseHomeFilters(params: URLSearchParams): HomeFilters {
  const bands = priceBandBounds(params);
  const minPrice = nonNegativeNumber(params.get("minPrice"));
  const maxPrice = nonNegativeNumber(params.get("maxPrice"));
  return {
    sizes: values(params, "size"),
    vendors: values(params, "vendor"),
    // A slider always sends a value: at its ends it means no bound at all.
    minPrice: bands ? bands.min : minPrice === 0 ? null : minPrice,
    maxPrice: bands ? bands.max : maxPrice === PRICE_SLIDER_MAX ? null : maxPrice,
    minRating: minimumRating(params),
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

/** How the home grid is ordered (?sort=…); name is the default and is left out of the URL. */
export const HOME_SORTS = ["name", "price", "per-mg", "vendors"] as const;
export type HomeSort = (typeof HOME_SORTS)[number];

export const HOME_SORT_LABELS: Record<HomeSort, string> = {
  name: "Name",
  price: "Lowest price",
  "per-mg": "Per mg, delivered",
  vendors: "Most vendors",
};

export function parseHomeSort(value: string | null): HomeSort {
  return HOME_SORTS.find((sort) => sort === value) ?? "name";
}

/**
 * Whether one offer passes the vendor, price and rating filters: the card then shows the
 * price of an offer that passed, never another vendor's. The price is the one the card shows:
 * the landed total per vial in the display currency (price after coupon when shipping is not
 * stated); an offer without one cannot pass a price filter.
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
    const price = offer.displayPrice;
    if (filters.minPrice !== null && compareAmounts(price, filters.minPrice) < 0) return false;
    if (filters.maxPrice !== null && compareAmounts(price, filters.maxPrice) > 0) return false;
  }
  return true;
}
