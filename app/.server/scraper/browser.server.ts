import * as cheerio from "cheerio";

import { parsePrice } from "~/lib/price";

import { assertAllowedUrl, type AddressPolicy } from "./address-guard.server";
import type { Listing, SourceSelectors } from "./extract.server";
import { FETCH_TIMEOUT_MS } from "./fetch-page.server";

export interface BrowserOptions extends AddressPolicy {
  chromiumPath: string;
  userAgent: string;
}

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Renders a page that builds its content with JavaScript and returns the resulting HTML.
 * Every request the page makes (scripts, XHR, frames) passes the same address guard as
 * plain fetches, so a page cannot use the browser to reach the private network.
 */
export async function renderWithBrowser(url: string, options: BrowserOptions): Promise<string> {
  const browser = await (
    await import("playwright-core")
  ).chromium.launch({
    executablePath: options.chromiumPath,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      userAgent: options.userAgent,
      serviceWorkers: "block",
    });
    await context.route("**/*", async (route) => {
      try {
        await assertAllowedUrl(new URL(route.request().url()), options);
        await route.continue();
      } catch {
        await route.abort("blockedbyclient");
      }
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "networkidle", timeout: FETCH_TIMEOUT_MS });
    return await page.content();
  } finally {
    await browser.close();
  }
}

interface BrowserlessResult {
  text?: string;
  html?: string;
  attributes?: { name: string; value: string }[];
}

interface BrowserlessResponse {
  data?: { selector: string; results?: BrowserlessResult[] }[];
  error?: string;
  detail?: unknown;
}

/**
 * Scrapes through an external Browserless-compatible /scrape endpoint. It accepts elements
 * `{selector, timeout}` only, so the product cards come back as HTML and the name, price,
 * link and sold-out selectors are applied here.
 */
export async function scrapeWithBrowserless(
  endpoint: string,
  url: string,
  selectors: SourceSelectors,
): Promise<Listing[]> {
  const productSelector = selectors.productSelector || "body";
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS + 5_000),
    body: JSON.stringify({
      url,
      gotoOptions: { waitUntil: "networkidle2", timeout: FETCH_TIMEOUT_MS },
      elements: [{ selector: productSelector, timeout: FETCH_TIMEOUT_MS }],
    }),
  });
  const raw = await response.text();
  let body: BrowserlessResponse | null = null;
  try {
    body = JSON.parse(raw) as BrowserlessResponse;
  } catch {
    body = null;
  }
  if (!response.ok || body?.error) {
    const detail = body?.detail ? ` ${JSON.stringify(body.detail)}` : "";
    throw new Error(`${body?.error ?? (raw || `HTTP ${response.status}`)}${detail}`);
  }
  const results = body?.data?.find((entry) => entry.selector === productSelector)?.results ?? [];
  return results.flatMap((result) => {
    const $ = cheerio.load(`<div data-product>${result.html ?? ""}</div>`);
    const card = $("[data-product]");
    const pick = (selector: string | null | undefined) =>
      selector ? card.find(selector).first() : null;
    const name = pick(selectors.nameSelector)?.text().replace(/\s+/g, " ").trim() ?? "";
    if (!name) return [];
    const parsed = parsePrice(pick(selectors.priceSelector)?.text() ?? "");
    const ownHref = result.attributes?.find((attribute) => attribute.name === "href")?.value;
    const href = pick(selectors.linkSelector)?.attr("href") ?? ownHref;
    return [
      {
        name,
        price: parsed.amount,
        currency: parsed.currency,
        link: href ? new URL(href, url).href : null,
        soldOut: selectors.soldOutSelector
          ? (pick(selectors.soldOutSelector)?.length ?? 0) > 0
          : false,
      },
    ];
  });
}
