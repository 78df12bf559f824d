import { handleVendorOffersGet, handleVendorOffersPut } from "~/routes/api.v1.vendor.offers.server";
import { appOf } from "~/.server/platform/context.server";

import type { Route } from "./+types/api.v1.vendor.offers";

/**
 * The vendor API: GET lists the key's vendor's recent submissions (scope offers:read), PUT
 * submits prices and stock (scope offers:write), each checked against the vendor's storefront
 * before it goes live. A key only ever reaches its own vendor's records.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleVendorOffersGet(appOf(context), request);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleVendorOffersPut(appOf(context), request);
}
