import { describe, expect, it } from "vitest";

import {
  DEFERRED_MODULE_ID,
  deferHydration as deferHydrationOfBytes,
} from "./hydrate-after-paint.server";

const deferHydration = (html: string) => deferHydrationOfBytes(Buffer.from(html)).toString("utf8");

/** The shape React Router's `<Scripts />` renders, as React writes it. */
const shell = [
  "<!DOCTYPE html><html><head><title>BPC-157 prices · PeptidePrices</title>",
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce=="/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n0nce=="/>',
  '<link rel="stylesheet" href="/assets/root.css"/>',
  "</head><body><main>≈ €14.61 · from $16.99</main>",
  '<script nonce="n0nce==">window.__reactRouterContext = {};</script>',
  '<script nonce="n0nce==" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

/** The arguments the starter script is called with. */
function starterArguments(html: string): [string[], string] {
  const call = /\}\)\((\[.*?\]),("[^"]*")\)<\/script>/.exec(html);
  if (!call) throw new Error("no starter script");
  return [JSON.parse(call[1]!) as string[], JSON.parse(call[2]!) as string];
}

describe("deferHydration", () => {
  it("takes the module preloads out of the page and hands them to the starter", () => {
    const html = deferHydration(shell);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(starterArguments(html)).toEqual([
      ["/assets/entry.client-A.js", "/assets/root-B.js"],
      DEFERRED_MODULE_ID,
    ]);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    // Everything else comes through byte for byte, multi-byte characters included.
    expect(html).toContain("<title>BPC-157 prices · PeptidePrices</title>");
    expect(html).toContain("<main>≈ €14.61 · from $16.99</main>");
    expect(html.endsWith('import("/assets/entry.client-A.js");</script></body></html>')).toBe(true);
  });

  it("holds the hydration module back as inert text with the response's nonce", () => {
    const html = deferHydration(shell);
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      `<script nonce="n0nce==" type="text/plain" id="${DEFERRED_MODULE_ID}">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>`,
    );
    // The starter runs under the same policy as React Router's own scripts.
    expect(html).toMatch(/<script nonce="n0nce==">\(function startHydrationAfterPaint\(/);
    // It waits for the load event and the first contentful paint before anything is fetched.
    expect(html).toContain('addEventListener("load"');
    expect(html).toContain('"first-contentful-paint"');
  });

  it("leaves a flush without the hydration module as it is", () => {
    const streamedRest =
      '<link rel="modulepreload" href="/assets/late.js"/><div hidden id="S:0">Later</div>';
    expect(deferHydration(streamedRest)).toBe(streamedRest);
  });

  it("keeps working without a nonce (a page rendered without a policy)", () => {
    const html = deferHydration(shell.replaceAll(' nonce="n0nce=="', ""));
    expect(html).toContain(`<script type="text/plain" id="${DEFERRED_MODULE_ID}">`);
    expect(html).toMatch(/<script>\(function startHydrationAfterPaint\(/);
  });

  it("cannot be closed early by a module address", () => {
    const hostile = shell.replace(
      '/assets/root-B.js" nonce',
      '/assets/</script><script>alert(1)//.js" nonce',
    );
    const html = deferHydration(hostile);
    expect(html).not.toContain("<script>alert(1)");
    expect(starterArguments(html)[0]).toContain("/assets/</script><script>alert(1)//.js");
  });
});
