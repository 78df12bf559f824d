import {
  demoRetailerResponse,
  renderDemoWooProductPage,
} from "~/.server/scraper/demo-retailer.server";

import type { Route } from "./+types/demo-retailer.woo-product";
import { appOf } from "~/.server/platform/context.server";

/** The demo retailer's WooCommerce-style variable product: sizes only in its variation data. */
export function loader({ params, context }: Route.LoaderArgs) {
  return demoRetailerResponse(renderDemoWooProductPage(appOf(context).baseUrl, params.slug));
}
