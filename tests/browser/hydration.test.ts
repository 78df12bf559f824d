import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { launchBrowser, newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;
let visitor: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  visitor = await newVerifiedContext(browser);
});
afterAll(async () => {
  await visitor?.close();
  await browser?.close();
  await server?.close();
});

/** When the page painted, loaded, and asked for its first script (ms since navigation). */
function loadTimeline(page: Page) {
  return page.evaluate(() => {
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/.*\.js$/.test(new URL(entry.name).pathname));
    const [navigation] = performance.getEntriesByType(
      "navigation",
    ) as PerformanceNavigationTiming[];
    return {
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      loadEventEnd: navigation?.loadEventEnd,
      scripts: scripts.length,
      firstScriptRequested: Math.min(...scripts.map((entry) => entry.startTime)),
    };
  });
}

describe("hydration after the first paint", () => {
  it.each(["/", "/peptide/bpc-157", "/compare"])(
    "%s paints and loads before it asks for any JavaScript, then hydrates",
    async (path) => {
      const page = await visitor.newPage();
      await page.goto(`${server.baseUrl}${path}`);
      await waitForHydration(page);
      const timeline = await loadTimeline(page);
      // At least the entry, the shared shell chunk and the route module.
      expect(timeline.scripts).toBeGreaterThanOrEqual(3);
      expect(timeline.firstContentfulPaint).toBeGreaterThan(0);
      expect(timeline.firstScriptRequested).toBeGreaterThanOrEqual(timeline.firstContentfulPaint!);
      expect(timeline.firstScriptRequested).toBeGreaterThanOrEqual(timeline.loadEventEnd!);
      // The page is the app's now: a client-side navigation keeps the document.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Catalogue" })
        .click();
      await page.waitForURL(/\/catalog$/);
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
      await page.close();
    },
  );

  it("knows every route from the first page, so no click waits on a route-discovery request", async () => {
    const page = await visitor.newPage();
    const discoveryRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/__manifest") discoveryRequests.push(request.url());
    });
    await page.goto(`${server.baseUrl}/`);
    await waitForHydration(page);
    const routeIds = await page.evaluate(() =>
      Object.keys(
        (window as unknown as { __reactRouterManifest: { routes: object } }).__reactRouterManifest
          .routes,
      ),
    );
    // Routes the home page neither renders nor links to are known as well.
    expect(routeIds).toEqual(expect.arrayContaining(["routes/vendor", "routes/admin/layout"]));
    // Clicked the moment the page is interactive, the link navigates.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Catalogue" })
      .click();
    await page.waitForURL(/\/catalog$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(discoveryRequests).toEqual([]);
    await page.close();
  });

  it("hydrates a page from the shared cache, whose policy allows its inline scripts by hash", async () => {
    const path = "/peptide/tb-500";
    const earlier = await browser.newContext();
    await (await earlier.newPage()).goto(`${server.baseUrl}${path}`);
    await earlier.close();

    // A first-time visitor without cookies (and without the earlier one's browser cache).
    const newcomer = await browser.newContext();
    const page = await newcomer.newPage();
    const response = await page.goto(`${server.baseUrl}${path}`);
    const policy = response!.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(policy).not.toContain("'nonce-");
    // A script the policy refused would be a console error, which fails the test.
    await waitForHydration(page);
    await newcomer.close();
  });
});

describe("toasts", () => {
  const toastArea = "section[aria-label^='Notifications']";

  it("mounts the toast area (and loads sonner) only on a page that can toast", async () => {
    const page = await visitor.newPage();
    const scripts: Promise<string>[] = [];
    let inFlight = 0;
    page.on("request", () => (inFlight += 1));
    page.on("requestfinished", () => (inFlight -= 1));
    page.on("requestfailed", () => (inFlight -= 1));
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") {
        scripts.push(response.text().catch(() => ""));
      }
    });
    await page.goto(`${server.baseUrl}/`);
    await waitForHydration(page);
    // The toast area would mount (and ask for sonner) at the first idle moment: let two pass,
    // then every request asked for by then finish, before saying the home page has none.
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
    );
    await expect.poll(() => inFlight).toBe(0);
    expect(await page.locator(toastArea).count()).toBe(0);
    const bodies = await Promise.all(scripts);
    expect(bodies.some((body) => body.includes("data-sonner-toaster"))).toBe(false);
    // The detail page toasts (copy a coupon, save a deal, set an alert).
    await page.goto(`${server.baseUrl}/peptide/bpc-157`);
    await page.locator(toastArea).waitFor({ state: "attached" });
    await page.close();
  });
});
