import {
  demoRetailerResponse,
  renderDemoProductPage,
} from "~/.server/scraper/demo-retailer.server";

import type { Route } from "./+types/demo-retailer.product";
import { appOf } from "~/.server/platform/context.server";

/** The demo retailer's single-product page, with schema.org JSON-LD like a real shop's. */
export function loader({ params, context }: Route.LoaderArgs) {
  return demoRetailerResponse(renderDemoProductPage(appOf(context).baseUrl, params.slug));
}
