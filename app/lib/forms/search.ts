import { z } from "./zod";

import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/search";

/**
 * `?q=` of /search and of the suggestions route: trimmed, bounded, control characters dropped.
 * Kept apart from ~/lib/search, which the header's search box loads on every page, so that zod
 * stays out of the pages' JavaScript: only the loaders parse the query.
 */
export const searchQuerySchema = z
  .string()
  .catch("")
  .transform((value) =>
    value
      .replace(/\p{Cc}/gu, " ")
      .trim()
      .slice(0, SEARCH_QUERY_MAX_LENGTH),
  );
