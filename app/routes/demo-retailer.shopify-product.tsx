import { renderDemoShopifyProductPage } from "~/.server/scraper/demo-retailer.server";

import type { Route } from "./+types/demo-retailer.shopify-product";
import { appOf } from "~/.server/infra/context.server";

/** The demo retailer's Shopify-style product: sizes in its product JSON, prices in cents. */
export function loader({ params, context }: Route.LoaderArgs) {
  const html = renderDemoShopifyProductPage(appOf(context).baseUrl, params.slug);
  if (html === null) {
    return new Response("Product not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
