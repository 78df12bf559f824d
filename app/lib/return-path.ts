import { isSameSitePath } from "./site-path";

const PLACEHOLDER_ORIGIN = "http://same-site.invalid";

/**
 * A same-site path to send the visitor back to, or "/": absolute URLs, protocol-relative
 * ("//evil.test"), backslash tricks ("/\evil.test") and control characters never leave the site.
 */
export function sameSitePath(target: string | null | undefined): string {
  if (!target || !isSameSitePath(target)) return "/";
  const url = new URL(target, PLACEHOLDER_ORIGIN);
  return `${url.pathname}${url.search}${url.hash}`;
}
