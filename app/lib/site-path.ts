/**
 * The one test of "a path on this site": every redirect target (sign-in, sign-up, social and
 * admin sign-in, the currency and ship-to switches, log-in-and-return) and every link an admin
 * enters as a path (ads, hero, images) goes through `sameSitePath`.
 */

/** Whitespace and control characters (C0, DEL and Unicode spaces), which browsers strip or misread in URLs. */
function hasWhitespaceOrControl(value: string): boolean {
  return [...value].some((char) => {
    const code = char.charCodeAt(0);
    return code <= 0x20 || code === 0x7f || /[\s\p{Cc}]/u.test(char);
  });
}

/** Stands in for the site's origin where only "would a browser leave it" matters. */
const ANY_SITE_ORIGIN = "https://same-site.invalid";

function decodedOrNull(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * The path (with query and fragment) a browser would open for `value` on the site at `origin`,
 * or null when it would leave the site or is not plainly a path. The value is parsed with the
 * WHATWG URL parser against the origin and the *resolved* path is returned, so dot segments
 * (`/.//evil.test`, `/a/..//evil.test`, `/%2e%2e//evil.test`) cannot turn into `//evil.test`
 * after the check. Refused outright: anything not starting with a single "/", backslashes
 * (browsers read them as "/"), whitespace and control characters (browsers strip them), and a
 * resolved path that starts with "//" or holds a backslash even once percent-decoded (a proxy
 * or framework that decodes `%2f`/`%5c` would otherwise see one).
 */
export function sameSitePath(value: unknown, origin: string = ANY_SITE_ORIGIN): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return null;
  if (value.includes("\\") || hasWhitespaceOrControl(value)) return null;
  if (!URL.canParse(origin) || !URL.canParse(value, origin)) return null;
  const siteOrigin = new URL(origin).origin;
  const resolved = new URL(value, siteOrigin);
  if (resolved.origin !== siteOrigin) return null;
  const { pathname } = resolved;
  if (!pathname.startsWith("/") || pathname.startsWith("//")) return null;
  const decoded = decodedOrNull(pathname);
  if (decoded === null || /^[/\\]{2}/.test(decoded) || decoded.includes("\\")) return null;
  return `${pathname}${resolved.search}${resolved.hash}`;
}

/** Whether a link is a path on this site (see `sameSitePath`). */
export function isSameSitePath(value: string): boolean {
  return sameSitePath(value) !== null;
}

/** `/login?redirectTo=…` for a page, so signing in returns there. */
export function loginPathFor(returnTo: string): string {
  const path = sameSitePath(returnTo) ?? "/";
  return path === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: path })}`;
}

/** An absolute http(s) URL a browser can open. */
export function isWebUrl(value: string): boolean {
  if (hasWhitespaceOrControl(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/**
 * What an admin-entered link (ad, hero) renders as: an http(s) URL as it is, a site path as the
 * path it resolves to, anything else (stored before these checks, or edited in the database) nothing.
 */
export function linkHref(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return isWebUrl(value) ? value : null;
  return sameSitePath(value);
}
