import { renderDemoShopPage } from "~/.server/scraper/demo-retailer.server";

import type { Route } from "./+types/demo-retailer.shop";
import { appOf } from "~/.server/infra/context.server";

/** The demo retailer's paginated category page (plain HTML, as a shop would serve it). */
export function loader({ request, context }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const html = renderDemoShopPage(appOf(context).baseUrl, Number.isInteger(page) ? page : 1);
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
