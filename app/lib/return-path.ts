const PLACEHOLDER_ORIGIN = "http://same-site.invalid";

/**
 * A same-site path to send the visitor back to, or "/": absolute URLs, protocol-relative
 * ("//evil.test"), backslash tricks ("/\evil.test") and control characters never leave the site.
 */
export function sameSitePath(target: string | null | undefined): string {
  if (!target || !target.startsWith("/") || /[\\\u0000-\u001f]/.test(target)) return "/";
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
