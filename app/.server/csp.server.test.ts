import { describe, expect, it } from "vitest";

import { contentSecurityPolicy, createCspNonce } from "./csp.server";

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
