/**
 * Cache-Control for public pages: a visitor without cookies gets a page a CDN may share;
 * anyone with a cookie (a session, an admin) may see personal content, so nothing is stored.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

export function publicPageHeaders(request: Request): Headers {
  const hasCookie = (request.headers.get("cookie") ?? "").trim() !== "";
  return new Headers({
    "Cache-Control": hasCookie ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
    Vary: "Cookie",
  });
}
