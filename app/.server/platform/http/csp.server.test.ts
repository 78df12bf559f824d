import { describe, expect, it } from "vitest";

import crypto from "node:crypto";

import { cachedPagePolicy, contentSecurityPolicy, createCspNonce } from "./csp.server";

describe("contentSecurityPolicy", () => {
  it("allows inline scripts only with the response's nonce and forbids framing", () => {
    const policy = contentSecurityPolicy("abc123");
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("makes a different nonce for every response", () => {
    const nonces = new Set(Array.from({ length: 50 }, createCspNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("cachedPagePolicy", () => {
  const sha256 = (text: string) =>
    `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("swaps the shared nonce for the hashes of the page's own inline scripts", () => {
    const html = `<html><head><script nonce="abc">window.__a = 1;</script>
      <script type="module" nonce="abc" src="/assets/entry.js"></script></head>
      <body><script nonce="abc">import("/assets/x.js");</script></body></html>`;
    const scriptSrc = cachedPagePolicy(contentSecurityPolicy("abc"), html)
      .split("; ")
      .find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe(
      `script-src 'self' ${sha256("window.__a = 1;")} ${sha256('import("/assets/x.js");')}`,
    );
  });

  it("allows no inline script at all when the page has none", () => {
    const policy = cachedPagePolicy(contentSecurityPolicy("abc"), "<p>no scripts</p>");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain("nonce");
  });
});
