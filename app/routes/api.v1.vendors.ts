import { getOpenDataVendors } from "~/.server/data/open-data.server";
import { apiJson, apiVendor } from "~/.server/services/open-data.server";

import type { Route } from "./+types/api.v1.vendors";
import { appOf } from "~/.server/platform/context.server";
import type { ApiVendorList } from "~/lib/open-data-schemas";

/** GET /api/v1/vendors: every vendor with its terms, one query. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const vendors = await getOpenDataVendors(appOf(context).db);
  return apiJson(request, { data: vendors.map(apiVendor) } satisfies ApiVendorList);
}
