/**
 * The "Ship to" destination (issue 18 Must 1): the header's form post keeps it in a cookie,
 * without one the browser's language region is the default, and the anonymous page cache
 * keeps one page per region so a British visitor's totals never reach an American one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SHIP_TO_COOKIE } from "~/lib/ship-to";

import { readHtml } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const NOT_TO_BRITAIN = "Doesn&#x27;t ship to United Kingdom";

async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await server.fetch(pathname, { headers });
  return { response, cache: response.headers.get("x-page-cache"), html: await readHtml(response) };
}

function form(fields: Record<string, string>) {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams(fields).toString(),
  };
}

describe("Ship to", () => {
  it("defaults to the Accept-Language region, one cached page per region", async () => {
    const path = "/peptide/semaglutide?t=ship-to-default";
    const british = await get(path, { "Accept-Language": "en-GB,en;q=0.9" });
    expect(british.html).toContain(NOT_TO_BRITAIN);
    expect(british.html).toMatch(/<option value="GB" selected="">GB<\/option>/);
    expect(british.response.headers.get("vary")).toMatch(/accept-language/i);
    // Asked again from Britain: the cached page. From America: its own rendering.
    expect((await get(path, { "Accept-Language": "en-GB" })).cache).toBe("hit");
    const american = await get(path, { "Accept-Language": "en-US" });
    expect(american.cache).toBe("miss");
    expect(american.html).not.toContain("Doesn&#x27;t ship to");
    // No region: "Anywhere".
    const anywhere = await get(path, { "Accept-Language": "en" });
    expect(anywhere.html).toMatch(/<option value="anywhere" selected="">Anywhere<\/option>/);
  });

  it("keeps the header's choice in a cookie and goes back to the page, without JavaScript", async () => {
    const response = await server.fetch(
      "/ship-to",
      form({ shipTo: "GB", returnTo: "/peptide/semaglutide" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/peptide/semaglutide");
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${SHIP_TO_COOKIE}=GB;`));
    const page = await get("/peptide/semaglutide", {
      Cookie: `${SHIP_TO_COOKIE}=GB`,
      "Accept-Language": "en-US",
    });
    expect(page.html).toContain(NOT_TO_BRITAIN);
    const anywhere = await server.fetch("/ship-to", form({ shipTo: "anywhere", returnTo: "/" }));
    expect(anywhere.headers.get("set-cookie")).toMatch(new RegExp(`^${SHIP_TO_COOKIE}=anywhere;`));
  });

  it("refuses a country that does not exist, and a return address off the site", async () => {
    const bad = await server.fetch("/ship-to", form({ shipTo: "XX", returnTo: "/" }));
    expect(bad.status).toBe(400);
    expect(bad.headers.get("set-cookie") ?? "").not.toContain(SHIP_TO_COOKIE);
    const offSite = await server.fetch(
      "/ship-to",
      form({ shipTo: "US", returnTo: "https://evil.example/" }),
    );
    expect(offSite.headers.get("location")).toBe("/");
  });
});
