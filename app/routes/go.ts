import { appOf } from "~/.server/platform/context.server";

import type { Route } from "./+types/go";
import { followOfferLink } from "./go.server";

/** GET /go/{offerId}: a Buy link, counted and sent on to the shop (go.server.ts). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return followOfferLink(appOf(context), request, params.offerId);
}
