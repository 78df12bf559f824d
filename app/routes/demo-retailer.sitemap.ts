import { renderDemoSitemap } from "~/.server/scraper/demo-retailer.server";

import type { Route } from "./+types/demo-retailer.sitemap";
import { appOf } from "~/.server/platform/context.server";

/** The demo retailer's product sitemap: what lets it be added as a sitemap shop. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderDemoSitemap(appOf(context).baseUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-store" },
  });
}
