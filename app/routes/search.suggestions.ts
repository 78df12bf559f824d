import { PUBLIC_CACHE_CONTROL } from "~/.server/platform/http/cache-headers.server";
import { searchCatalogue, suggestionsFrom } from "~/.server/data/search.server";
import { searchQuerySchema } from "~/lib/forms/search";
import { SUGGESTION_LIMIT } from "~/lib/search";

import type { Route } from "./+types/search.suggestions";
import { appOf } from "~/.server/platform/context.server";

/** JSON for the header's search box; nothing personal, so a CDN may share it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = searchQuerySchema.parse(new URL(request.url).searchParams.get("q"));
  const result = await searchCatalogue(appOf(context).db, { query, limit: SUGGESTION_LIMIT });
  return Response.json(
    { query, suggestions: suggestionsFrom(result, SUGGESTION_LIMIT) },
    { headers: { "Cache-Control": PUBLIC_CACHE_CONTROL } },
  );
}
