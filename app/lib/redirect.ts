const PROBE_ORIGIN = "http://same-site.invalid";

/**
 * A path on this site to send a visitor back to after signing in, or `fallback`. Anything the
 * WHATWG URL parser would resolve to another origin ("//evil.test", "/\evil.test", "https://…",
 * "javascript:…") is refused, as are control characters browsers strip before parsing.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  if (/[\p{Cc}]/u.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?redirectTo=…` for a page, so signing in returns there. */
export function loginPathFor(returnTo: string): string {
  const path = safeRedirectPath(returnTo, "/");
  return path === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: path })}`;
}
