import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AGE_GATE_PAGE_SCRIPT, AGE_VERIFIED_ATTRIBUTE } from "~/lib/age-gate";
import { AGE_VERIFIED_KEY } from "~/lib/constants";

import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("the running site", () => {
  it("says in the top bar when prices were last confirmed, as the median and the oldest", async () => {
    const html = await (await server.fetch("/")).text();
    // The demo's prices were confirmed within the last two hours.
    const ago = "(just now|\\d+ (minute|hour)s? ago)";
    expect(html).toMatch(new RegExp(`Prices confirmed: median ${ago}, oldest ${ago}`));
    expect(html).not.toContain("Prices last updated");
  });

  it("renders the 404 page with SPEC.md's strings for an unknown path", async () => {
    const response = await server.fetch("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("404");
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
  });

  it("shows the default footer with the copyright line, sanitized", async () => {
    const html = await (await server.fetch("/")).text();
    expect(html).toContain("For research purposes only. Not for human consumption.");
    expect(html).toContain("Preferred Retailers");
  });

  it("links the open data from the footer: the API's OpenAPI document and the price-drop feed", async () => {
    const html = await (await server.fetch("/catalog")).text();
    const footer = html.slice(html.indexOf("<footer"));
    const nav = footer.match(/<nav aria-label="Open data"[\s\S]*?<\/nav>/)?.[0] ?? "";
    const links = [...nav.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    expect(links).toEqual(["/api/v1/openapi.json", "/feeds/price-drops.atom"]);
    for (const link of links) expect((await server.fetch(link)).status, link).toBe(200);
  });

  it("renders the age gate in the page's HTML, with the head script that hides it for the verified", async () => {
    for (const path of ["/", "/compare"]) {
      const html = await (await server.fetch(path)).text();
      expect(html, path).toMatch(/<div data-age-gate=""[^>]*>\s*<div role="alertdialog"/);
      expect(html, path).toContain("Age Verification");
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).toContain(`localStorage.getItem("${AGE_VERIFIED_KEY}")`);
      expect(head, path).toContain(`setAttribute("${AGE_VERIFIED_ATTRIBUTE}"`);
      // The script that shuts the page behind the gate opens the page's wrapper, so it runs
      // before anything it makes inert is parsed.
      const body = html.slice(html.indexOf("<body"));
      expect(body, path).toMatch(/^<body[^>]*><div[^>]*><script[^>]*>/);
      expect(body, path).toContain(`>${AGE_GATE_PAGE_SCRIPT}</script>`);
    }
  });

  it("compresses HTML and serves built assets with immutable caching", async () => {
    const page = await server.fetch("/", { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await server.fetch(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("answers a URL holding a NUL byte with 400, not a database error", async () => {
    const response = await server.fetch("/?vendor=a%00b");
    expect(response.status).toBe(400);
  });

  it("answers a page action posted as something other than a form with 415", async () => {
    const response = await server.fetch("/deals", {
      method: "POST",
      headers: { origin: server.baseUrl, "content-type": "application/json" },
      body: "{bad",
    });
    expect(response.status).toBe(415);
  });

  it("refuses a cross-site form post", async () => {
    const response = await server.fetch("/logout", {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});
