import { openDataHeaders } from "~/.server/services/open-data.server";
import { openApiDocument } from "~/lib/openapi";

import type { Route } from "./+types/api.v1.openapi";
import { appOf } from "~/.server/platform/context.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(JSON.stringify(openApiDocument(appOf(context).baseUrl)), {
    headers: openDataHeaders(request, "application/json; charset=utf-8"),
  });
}
