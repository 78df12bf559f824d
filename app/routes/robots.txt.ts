import type { Route } from "./+types/robots.txt";

export function loader({ context }: Route.LoaderArgs) {
  const sitemap = new URL("/sitemap.xml", context.app.baseUrl).toString();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "Disallow: /deals",
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
