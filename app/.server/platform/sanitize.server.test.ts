import { describe, expect, it } from "vitest";

import { sanitizeFooterHtml } from "./sanitize.server";

describe("sanitizeFooterHtml", () => {
  it("keeps the allowlist: paragraphs, lists, emphasis, breaks and safe links", () => {
    const html =
      '<p>Hi <strong>there</strong><br><em>you</em></p><ul><li>one</li></ul><a href="mailto:a@b.test">mail</a>';
    const clean = sanitizeFooterHtml(html);
    expect(clean).toContain("<strong>there</strong>");
    expect(clean).toContain("<ul><li>one</li></ul>");
    expect(clean).toContain('href="mailto:a@b.test"');
  });

  it("drops scripts, event handlers, styles and javascript: links", () => {
    const clean = sanitizeFooterHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">b</a><style>p{}</style>',
    );
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|<img|<style/i);
    expect(clean).toContain("<p>a</p>");
  });

  it("marks links so they pass no ranking or opener", () => {
    expect(sanitizeFooterHtml('<a href="https://x.test">x</a>')).toContain(
      'rel="noopener noreferrer nofollow"',
    );
  });
});
