import { getPriceDrops } from "~/.server/data/price-drops.server";
import { getOpenDataPricing, openDataHeaders } from "~/.server/services/open-data.server";
import { ATOM_CONTENT_TYPE } from "~/lib/atom";
import { buildSitePriceDropFeed } from "~/lib/price-drop-feed";

import type { Route } from "./+types/feeds.price-drops";
import { appOf } from "~/.server/platform/context.server";

/** The newest price drops on the whole site, as Atom: three small queries. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  // Priced as the API prices a URL without ?currency: dollars, shipped Anywhere.
  const drops = await getPriceDrops(app.db, { pricing: await getOpenDataPricing(app.db) });
  const body = buildSitePriceDropFeed({
    baseUrl: app.baseUrl,
    drops,
    fallbackUpdated: new Date(),
  });
  return new Response(body, { headers: openDataHeaders(request, ATOM_CONTENT_TYPE) });
}
