/**
 * The one reader of the Cookie header. A visitor's browser (or anyone) can send any bytes: a
 * value that is not valid percent-encoding (`%ZZ`, `%E0%A4%A`, a lone `%`), names without a
 * value, quotes, thousands of pairs. Nothing here throws: an unreadable value reads as absent,
 * so the caller uses its default; `expireMalformedCookies` (server/request-guards.ts) clears
 * the site's own cookies whose value it could not use.
 */

/** More pairs than any browser sends for one site; the rest of the header is not read. */
const MAX_COOKIE_PAIRS = 100;

/** The value of `%`-encoded text, or null when it is not valid percent-encoded UTF-8. */
export function decodePercentOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Every cookie of a Cookie header, name → raw value (still percent-encoded, quotes removed);
 * the first of a repeated name wins, as browsers send the most specific path first.
 */
export function cookiePairs(header: string | null | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  if (!header) return pairs;
  for (const part of header.split(";").slice(0, MAX_COOKIE_PAIRS)) {
    const equals = part.indexOf("=");
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim();
    let value = part.slice(equals + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
      value = value.slice(1, -1);
    if (name !== "" && !pairs.has(name)) pairs.set(name, value);
  }
  return pairs;
}

/** A cookie's decoded value; undefined when absent or not decodable. */
export function readCookie(request: Request, name: string): string | undefined {
  const raw = cookiePairs(request.headers.get("cookie")).get(name);
  return raw === undefined ? undefined : (decodePercentOrNull(raw) ?? undefined);
}

/** The attributes every cookie of the site is set with (Secure on an https site). */
export function siteCookieAttributes(baseUrl: string): string {
  return `Path=/; HttpOnly; SameSite=Lax${baseUrl.startsWith("https://") ? "; Secure" : ""}`;
}

/** The Set-Cookie value that removes a cookie of the site. */
export function expiredCookie(name: string, baseUrl: string): string {
  return `${name}=; Max-Age=0; ${siteCookieAttributes(baseUrl)}`;
}
