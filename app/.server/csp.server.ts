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
