import type { Browser, Route } from "playwright-core";

import { FETCH_TIMEOUT_MS, type FetchedPage, type PageFetcher } from "./fetch-page.server";

export interface BrowserOptions {
  chromiumPath: string;
  /** The whole render, sub-requests and their per-host waits included. */
  budgetMs?: number;
}

export const PAGE_BUDGET_MS = 90_000;

/** Headless Chromium on a server: no sandbox or GPU, no updates, syncing or first-run pages. */
export const HEADLESS_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Chromium opens no connection of its own: every HTTP(S) request is answered by the polite,
 * guarded Node fetcher (route.fulfill), and anything that slips past routing (preconnects,
 * DNS prefetch, WebRTC) meets a proxy that does not exist and a resolver that knows no host.
 */
const CHROMIUM_ARGS = [
  ...HEADLESS_CHROMIUM_ARGS,
  "--host-resolver-rules=MAP * ~NOTFOUND",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--disable-features=NetworkPrediction,DnsOverHttps",
];
const DEAD_PROXY = "http://127.0.0.1:1";

/** Prices need the document, scripts and their data requests; nothing else is fetched. */
const FETCHED_RESOURCE_TYPES = new Set(["document", "script", "xhr", "fetch"]);

/** Headers Node already consumed (the body arrives decoded and whole). */
const DROPPED_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "set-cookie",
]);

export class BrowserBudgetError extends Error {
  constructor(url: string, ms: number) {
    super(`timed out after ${ms / 1000} s rendering ${url} in the browser`);
  }
}

function responseHeaders(raw: Record<string, string | string[] | undefined>) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || DROPPED_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

async function answer(route: Route, page: FetchedPage, fetcher: PageFetcher): Promise<void> {
  const request = route.request();
  if (request.isNavigationRequest() && request.url() === page.url && !request.redirectedFrom()) {
    // Already fetched (and counted) on the plain path: never fetched twice.
    await route.fulfill({ status: 200, contentType: page.contentType, body: page.body });
    return;
  }
  if (request.method() !== "GET" || !FETCHED_RESOURCE_TYPES.has(request.resourceType())) {
    await route.abort("blockedbyclient");
    return;
  }
  try {
    const response = await fetcher.fetchResource(request.url());
    await route.fulfill({
      status: response.status,
      headers: responseHeaders(response.headers),
      body: response.body,
    });
  } catch {
    await route.abort("blockedbyclient");
  }
}

/**
 * Renders a page that builds its content with JavaScript and returns the resulting HTML.
 * WebSockets, service workers, downloads, non-GET requests and every scheme but http(s) are
 * refused; each sub-request passes the address guard, robots.txt, the per-host delay and the
 * run's URL cap like a plain page; the whole render has a time budget.
 */
export async function renderWithBrowser(
  page: FetchedPage,
  fetcher: PageFetcher,
  options: BrowserOptions,
): Promise<string> {
  const budgetMs = options.budgetMs ?? PAGE_BUDGET_MS;
  // Loaded on first use: most runs never need a browser.
  const { chromium } = await import("playwright-core");
  const browser: Browser = await chromium.launch({
    executablePath: options.chromiumPath,
    args: CHROMIUM_ARGS,
    proxy: { server: DEAD_PROXY },
  });
  let timer: NodeJS.Timeout | undefined;
  const overBudget = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BrowserBudgetError(page.url, budgetMs)), budgetMs);
  });
  try {
    const render = async () => {
      const context = await browser.newContext({
        userAgent: fetcher.userAgent,
        serviceWorkers: "block",
        acceptDownloads: false,
      });
      await context.routeWebSocket(/.*/, (socket) =>
        socket.close({ code: 1008, reason: "refused" }),
      );
      await context.route("**/*", (route) =>
        answer(route, page, fetcher).catch(() => route.abort("blockedbyclient").catch(() => {})),
      );
      const tab = await context.newPage();
      tab.on("download", (download) => void download.cancel().catch(() => {}));
      await tab.goto(page.url, { waitUntil: "load", timeout: budgetMs });
      // Late XHRs are waited for within the budget; a page that never settles is read as it stands.
      await tab
        .waitForLoadState("networkidle", { timeout: Math.min(FETCH_TIMEOUT_MS, budgetMs) })
        .catch(() => {});
      return tab.content();
    };
    return await Promise.race([render(), overBudget]);
  } finally {
    clearTimeout(timer);
    await browser.close();
  }
}

interface BrowserlessResult {
  text?: string;
  html?: string;
}

interface BrowserlessResponse {
  data?: { selector: string; results?: BrowserlessResult[] }[];
  error?: string;
  detail?: unknown;
}

/**
 * Renders a page through an external Browserless-compatible /scrape endpoint and returns its
 * HTML, so it goes through `extractListings` like the built-in Chromium's (one extraction path:
 * the same link, price and currency rules). The endpoint accepts elements `{selector, timeout}`
 * only and answers an element's inner HTML, so the whole document is asked for as `html`.
 */
export async function renderWithBrowserless(endpoint: string, url: string): Promise<string> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS + 5_000),
    body: JSON.stringify({
      url,
      gotoOptions: { waitUntil: "networkidle2", timeout: FETCH_TIMEOUT_MS },
      elements: [{ selector: "html", timeout: FETCH_TIMEOUT_MS }],
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
  const document = body?.data?.find((entry) => entry.selector === "html")?.results?.[0];
  if (typeof document?.html !== "string")
    throw new Error("the browser endpoint answered without the page's HTML");
  return `<!doctype html><html>${document.html}</html>`;
}
