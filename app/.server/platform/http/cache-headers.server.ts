/**
 * The one decision of what may be shared: by browsers and CDNs, and by the page cache
 * (page-cache.server.ts), which keeps exactly the answers this marks shareable.
 *
 * A visitor without cookies gets a public page a browser or CDN may store but must revalidate
 * on every visit (`no-cache`): the page cache answers a matching If-None-Match with 304, so an
 * admin save shows on the next reload. Anyone with a cookie (a session, an admin, a flash
 * message, a display currency) may see personal content, so nothing is stored. Without a
 * "Ship to" cookie, the Accept-Language region is the destination prices are for.
 */
export const PUBLIC_CACHE_CONTROL = "public, no-cache";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** A request without cookies: the only one whose answer can be the same for everyone. */
export function isSharedRequest(cookie: string | null | undefined): boolean {
  return (cookie ?? "").trim() === "";
}

/** What a route whose page is the same for every visitor sends: public only when shared. */
export function publicPageHeaders(request: Request): Headers {
  return new Headers({
    "Cache-Control": isSharedRequest(request.headers.get("cookie"))
      ? PUBLIC_CACHE_CONTROL
      : PRIVATE_CACHE_CONTROL,
    Vary: "Cookie, Accept-Language",
  });
}

/**
 * An answer to a shared request that may be kept: complete (200), marked public by its route
 * (publicPageHeaders), and setting no cookie.
 */
export function isShareableAnswer(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.has("set-cookie")) return false;
  const cacheControl = headers.get("cache-control") ?? "";
  return /\bpublic\b/.test(cacheControl) && !/\b(no-store|private)\b/.test(cacheControl);
}
