import crypto from "node:crypto";

/** A fresh, unguessable nonce for one response's inline scripts. */
export function createCspNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of every page: scripts only from this site or inline with this
 * response's nonce (React Router puts it on its own), no plugins, no framing by anyone.
 * Images and videos may come from anywhere on the web (vendor and ad images are links);
 * inline styles stay allowed because components position things with style attributes.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The policy for a page kept in the shared page cache. A nonce sent to every visitor of a
 * cached page would be no secret, so the cached copy allows exactly the inline scripts it holds,
 * by their SHA-256 hashes, instead: an injected script matches none of them.
 */
export function cachedPagePolicy(policy: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return policy.replace(/\s*'nonce-[^']*'/g, hashes.size > 0 ? ` ${[...hashes].join(" ")}` : "");
}
