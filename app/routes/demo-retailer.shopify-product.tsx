import {
  demoRetailerResponse,
  renderDemoShopifyProductPage,
} from "~/.server/scraper/demo-retailer.server";

import type { Route } from "./+types/demo-retailer.shopify-product";
import { appOf } from "~/.server/platform/context.server";

/** The demo retailer's Shopify-style product: sizes in its product JSON, prices in cents. */
export function loader({ params, context }: Route.LoaderArgs) {
  return demoRetailerResponse(renderDemoShopifyProductPage(appOf(context).baseUrl, params.slug));
}
