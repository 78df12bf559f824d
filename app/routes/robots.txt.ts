import type { Route } from "./+types/robots.txt";
import { appOf } from "~/.server/platform/context.server";

export function loader({ context }: Route.LoaderArgs) {
  const sitemap = new URL("/sitemap.xml", appOf(context).baseUrl).toString();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "Disallow: /deals",
    "Disallow: /go/",
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
