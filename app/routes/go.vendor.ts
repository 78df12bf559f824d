import { appOf } from "~/.server/platform/context.server";

import type { Route } from "./+types/go.vendor";
import { followVendorLink } from "./go.server";

/** GET /go/vendor/{vendorId}: a vendor page's link to the shop, counted and sent on (go.server.ts). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return followVendorLink(appOf(context), request, params.vendorId);
}
