import { demoRetailerResponse, renderDemoShopPage } from "~/.server/scraper/demo-retailer.server";

import type { Route } from "./+types/demo-retailer.shop";
import { appOf } from "~/.server/platform/context.server";

/** The demo retailer's paginated category page (plain HTML, as a shop would serve it). */
export function loader({ request, context }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return demoRetailerResponse(
    renderDemoShopPage(appOf(context).baseUrl, Number.isInteger(page) ? page : 1),
  );
}
