import { z } from "./zod";

import { DEFAULT_VENDOR_SORT, FIRST_DIRECTION, VENDOR_SORTS } from "~/lib/vendor-directory";

/**
 * `?sort=&dir=` of /vendors. An unknown column or direction is a stale or hand-edited link, not
 * an error: it falls back to the default order (a column's first direction when only the
 * direction is wrong), so the page always answers.
 */
export const vendorSortSchema = z
  .object({
    sort: z.enum(VENDOR_SORTS).catch(DEFAULT_VENDOR_SORT.column),
    dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  })
  .transform(({ sort, dir }) => ({ column: sort, direction: dir ?? FIRST_DIRECTION[sort] }));

export function parseVendorSort(params: URLSearchParams) {
  return vendorSortSchema.parse({
    sort: params.get("sort") ?? undefined,
    dir: params.get("dir") ?? undefined,
  });
}
