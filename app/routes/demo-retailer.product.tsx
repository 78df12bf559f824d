import { renderDemoProductPage } from "~/.server/scraper/demo-retailer.server";

import type { Route } from "./+types/demo-retailer.product";
import { appOf } from "~/.server/infra/context.server";

/** The demo retailer's single-product page, with schema.org JSON-LD like a real shop's. */
export function loader({ params, context }: Route.LoaderArgs) {
  const html = renderDemoProductPage(appOf(context).baseUrl, params.slug);
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
