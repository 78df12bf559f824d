import { apiError } from "~/.server/services/open-data.server";

import type { Route } from "./+types/api.v1.not-found";

/** Anything else under /api/v1 answers in JSON, as the API does, rather than with the HTML 404 page. */
export function loader({ request }: Route.LoaderArgs) {
  return apiError(request, 404, "No such endpoint; see /api/v1/openapi.json");
}
