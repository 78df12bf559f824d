/** Whitespace and control characters (C0 and DEL), which browsers strip or misread in URLs. */
function hasWhitespaceOrControl(value: string): boolean {
  return [...value].some((char) => {
    const code = char.charCodeAt(0);
    return code <= 0x20 || code === 0x7f || /\s/.test(char);
  });
}

/** Any origin will do: it only tells whether a browser would leave it. */
const PROBE_ORIGIN = "https://probe.invalid";

/**
 * Whether a link is a path on this site, as a browser resolves it (the WHATWG URL parser):
 * `//host`, `/\host`, tabs or newlines a browser strips (`/\t/host`) and anything else that
 * resolves off-site is refused, as is a path that normalises to `//…`.
 */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith("/")) return false;
  // Browsers strip tabs and newlines and read "\" as "/": refuse them rather than guess.
  if (value.includes("\\") || hasWhitespaceOrControl(value)) return false;
  if (!URL.canParse(value, PROBE_ORIGIN)) return false;
  const resolved = new URL(value, PROBE_ORIGIN);
  return resolved.origin === PROBE_ORIGIN && !resolved.pathname.startsWith("//");
}

/** An absolute http(s) URL a browser can open. */
export function isWebUrl(value: string): boolean {
  if (hasWhitespaceOrControl(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}
