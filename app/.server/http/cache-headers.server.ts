/**
 * Cache-Control for public pages: a visitor without cookies gets a page a browser or CDN may
 * store but must revalidate on every visit (`no-cache`): the page cache answers a matching
 * If-None-Match with 304 (server/page-cache.ts), so an admin save shows on the next reload.
 * Anyone with a cookie (a session, an admin) may see personal content, so nothing is stored.
 * Without a "Ship to" cookie, the Accept-Language region is the destination prices are for.
 */
export const PUBLIC_CACHE_CONTROL = "public, no-cache";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

export function publicPageHeaders(request: Request): Headers {
  const hasCookie = (request.headers.get("cookie") ?? "").trim() !== "";
  return new Headers({
    "Cache-Control": hasCookie ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
    Vary: "Cookie, Accept-Language",
  });
}
