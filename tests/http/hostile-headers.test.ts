/**
 * Hostile headers and cookies (issue 37 Must 1): whatever a visitor's Cookie, Accept-Language
 * or If-None-Match says, no page answers a 5xx. Every cookie the site (and better-auth) sets is
 * sent with every malformed value on every public page, as a visitor and signed in; a site
 * cookie whose value the site cannot have written is expired by the answer, and its default
 * used meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SIDEBAR_COOKIE_NAME } from "~/components/ui/sidebar";
import { DISPLAY_CURRENCY_COOKIE } from "~/lib/money";
import { SHIP_TO_COOKIE } from "~/lib/ship-to";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let sessionCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  await createUserWithPassword(server.app, "hostile-headers@example.com", "hostile-password-1");
  sessionCookie = await signIn(server, "hostile-headers@example.com", "hostile-password-1");
});
afterAll(async () => {
  await server?.close();
});

const PUBLIC_PAGES = [
  "/",
  "/peptide/bpc-157",
  "/peptide/bpc-157?chart=market&range=90d",
  "/compare?peptide=bpc-157",
  "/catalog",
  "/search?q=bpc",
  "/search/suggestions?q=bpc",
  "/stack?items=bpc-157:5mg:1,tb-500:5mg:1",
  "/stack/s/no-such-token",
  "/vendor/apex-peptide-labs",
  "/vendors",
  "/deals",
  "/login",
  "/signup",
  "/admin-login",
  "/forgot-password",
  "/reset-password?error=INVALID_TOKEN",
  "/alerts/unsubscribe?token=x",
  "/bot",
  "/sitemap.xml",
  "/robots.txt",
  "/feeds/price-drops.atom",
  "/api/v1/peptides",
  "/admin",
  "/no-such-page",
];

/** Every cookie the site sets: its own, and better-auth's (plain and __Secure- spelled). */
const COOKIE_NAMES = [
  SHIP_TO_COOKIE,
  DISPLAY_CURRENCY_COOKIE,
  "pp_flash",
  SIDEBAR_COOKIE_NAME,
  "better-auth.session_token",
  "better-auth.session_data",
  "better-auth.dont_remember",
  "better-auth.state",
  "__Secure-better-auth.session_token",
];

/** Values no browser of this site would hold: broken percent-encoding, bad UTF-8, odd shapes. */
const HOSTILE_VALUES = [
  "%ZZ",
  "%E0%A4%A",
  "%",
  "a%",
  "%FF",
  "%C0%AF",
  '"%ZZ"',
  "x".repeat(3000),
  "%7B%22id%22%3A1%7D",
  "null",
  "<script>",
];

/** Cookie headers as odd as clients send them. */
const HOSTILE_COOKIE_HEADERS = [
  "%ZZ",
  "=%ZZ",
  "%ZZ=%ZZ",
  ";;;",
  "ship_to",
  "ship_to=; ship_to=%FF",
  "display_currency==EUR=",
  `${Array.from({ length: 500 }, (_, i) => `c${i}=%ZZ`).join("; ")}`,
];

const HOSTILE_ACCEPT_LANGUAGE = [
  "%ZZ",
  "en-%FF",
  "*;q=abc",
  "en-GB;q=NaN, de-AT;q=-1",
  "zz-ZZ-ZZ-ZZ",
  ",,,;;;",
  "x".repeat(4000),
  "en-\u00e9\u00e9",
];

const HOSTILE_IF_NONE_MATCH = ['W/"', "*", '"%ZZ"', ",,,", "W/W/W/", '"'.repeat(2000)];

interface Case {
  page: string;
  headers: Record<string, string>;
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const page of PUBLIC_PAGES) {
    for (const value of HOSTILE_VALUES) {
      const cookie = COOKIE_NAMES.map((name) => `${name}=${value}`).join("; ");
      all.push({ page, headers: { Cookie: cookie } });
      all.push({ page, headers: { Cookie: `${sessionCookie}; ${cookie}` } });
    }
    for (const cookie of HOSTILE_COOKIE_HEADERS) all.push({ page, headers: { Cookie: cookie } });
    for (const language of HOSTILE_ACCEPT_LANGUAGE) {
      all.push({ page, headers: { "Accept-Language": language } });
    }
    for (const tag of HOSTILE_IF_NONE_MATCH) all.push({ page, headers: { "If-None-Match": tag } });
  }
  return all;
}

describe("hostile headers and cookies", () => {
  it("never make a page answer a 5xx", { timeout: 900_000 }, async () => {
    const failures: string[] = [];
    const all = cases();
    for (const { page, headers } of all) {
      const response = await server.fetch(page, { headers });
      await response.arrayBuffer();
      if (response.status >= 500) {
        failures.push(`${page} ${JSON.stringify(headers).slice(0, 200)} → ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(all.length).toBeGreaterThan(1000);
  });

  it("expires a malformed site cookie and uses the default meanwhile", async () => {
    const response = await server.fetch("/peptide/bpc-157", {
      headers: {
        Cookie: `${SHIP_TO_COOKIE}=%ZZ; ${DISPLAY_CURRENCY_COOKIE}=%E0%A4%A; ${SIDEBAR_COOKIE_NAME}=%`,
        "Accept-Language": "en-GB",
      },
    });
    expect(response.status).toBe(200);
    const expired = response.headers.getSetCookie().filter((cookie) => /Max-Age=0/.test(cookie));
    expect(expired.map((cookie) => cookie.split("=")[0]).sort()).toEqual(
      [DISPLAY_CURRENCY_COOKIE, SHIP_TO_COOKIE, SIDEBAR_COOKIE_NAME].sort(),
    );
    const html = await readHtml(response);
    // The language's region is the destination, the dollar the currency.
    expect(html).toMatch(/<option value="GB" selected="">/);
    expect(html).toMatch(/<option value="USD" selected="">/);
  });

  it("keeps a well-formed cookie and honours it", async () => {
    const response = await server.fetch("/peptide/bpc-157", {
      headers: { Cookie: `${SHIP_TO_COOKIE}=anywhere; ${DISPLAY_CURRENCY_COOKIE}=EUR` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const html = await readHtml(response);
    expect(html).toMatch(/<option value="anywhere" selected="">/);
    expect(html).toMatch(/<option value="EUR" selected="">/);
  });
});
