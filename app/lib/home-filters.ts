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
