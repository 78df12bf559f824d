const PLACEHOLDER_ORIGIN = "http://same-site.invalid";

function hasControlCharacter(text: string): boolean {
  return [...text].some((character) => character.charCodeAt(0) < 0x20 || character === "\u007f");
}

/**
 * A same-site path to send the visitor back to, or "/": absolute URLs, protocol-relative
 * ("//evil.test"), backslash tricks ("/\evil.test") and control characters never leave the site.
 */
export function sameSitePath(target: string | null | undefined): string {
  if (!target || !target.startsWith("/") || target.includes("\\") || hasControlCharacter(target)) {
    return "/";
  }
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
