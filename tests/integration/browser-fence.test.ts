import net from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { createScrapeSource, getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import { renderWithBrowser } from "~/.server/platform/outbound/browser.server";
import { PageFetcher, type FetchPolicy } from "~/.server/platform/outbound/fetch-page.server";
import { scrapeSource } from "~/.server/scraper/run.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import { expectConsoleError, launchBrowser } from "../helpers/browser";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { FIXTURE_CARD_PAGE_SELECTORS } from "../helpers/scrape-sources";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** A loopback service the scraped page must never reach: it counts every connection. */
interface Listener {
  port: number;
  connections: number;
  close: () => Promise<void>;
}

async function startListener(): Promise<Listener> {
  const servers: net.Server[] = [];
  const state = { connections: 0 };
  const onConnection = (socket: net.Socket) => {
    state.connections += 1;
    socket.destroy();
  };
  const v4 = net.createServer(onConnection);
  await new Promise<void>((resolve) => v4.listen(0, "127.0.0.1", resolve));
  servers.push(v4);
  const { port } = v4.address() as net.AddressInfo;
  const v6 = net.createServer(onConnection);
  // Where the machine has IPv6 loopback, [::1] on the same port is watched too.
  await new Promise<void>((resolve) => {
    v6.once("error", () => resolve());
    v6.listen(port, "::1", () => {
      servers.push(v6);
      resolve();
    });
  });
  return {
    port,
    get connections() {
      return state.connections;
    },
    close: async () => {
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    },
  };
}

/** Tries every way a page can reach a loopback service, then draws its price. */
function fencePage(port: number): string {
  const at = (host: string, path: string) => `http://${host}:${port}${path}`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Fence</title>
    <link rel="preconnect" href="${at("127.0.0.1", "")}">
    <link rel="stylesheet" href="${at("127.0.0.1", "/style.css")}">
    </head><body>
    <div class="items"><div class="item"><h3 class="item-name">Fence Peptide 5mg</h3><span class="item-price">--</span></div></div>
    <img src="${at("127.0.0.1", "/pixel.png")}">
    <iframe src="${at("127.0.0.1", "/frame")}"></iframe>
    <iframe src="${at("[::1]", "/frame6")}"></iframe>
    <iframe srcdoc="<a id=d href='${at("127.0.0.1", "/file.bin")}' download>file</a><script>document.getElementById('d').click()</script>"></iframe>
    <script src="${at("127.0.0.1", "/script.js")}"></script>
    <script>
      var attempts = [
        function () { new WebSocket("ws://127.0.0.1:${port}/ws"); },
        function () { new WebSocket("ws://[::1]:${port}/ws"); },
        function () { new WebSocket("ws://localhost:${port}/ws"); },
        function () { fetch("${at("127.0.0.1", "/fetch")}").catch(function () {}); },
        function () { fetch("${at("[::1]", "/fetch")}").catch(function () {}); },
        function () { fetch("${at("localhost", "/by-name")}").catch(function () {}); },
        function () { fetch("${at("127.0.0.1", "/post")}", { method: "POST", body: "x" }).catch(function () {}); },
        function () { navigator.sendBeacon("${at("127.0.0.1", "/beacon")}", "x"); },
        function () { new EventSource("${at("127.0.0.1", "/events")}"); },
        function () { var x = new XMLHttpRequest(); x.open("GET", "${at("127.0.0.1", "/xhr")}"); x.send(); },
        function () { navigator.serviceWorker && navigator.serviceWorker.register("/sw.js").catch(function () {}); },
      ];
      attempts.forEach(function (attempt) { try { attempt(); } catch (e) {} });
      document.querySelector(".item-price").textContent = "$12.00";
    </script></body></html>`;
}

let app: TestApp;
let site: FixtureSite;
let listener: Listener;

function policy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    userAgent: "PeptidePricesBot/1.0 (+http://localhost/bot)",
    // Only the fixture's own origin (host and port) is let through: the listener, on another
    // port of the same loopback address, must be refused.
    allowPrivateHosts: false,
    trustedOrigins: [site.baseUrl],
    respectRobotsTxt: true,
    requestDelayMs: 0,
    maxUrls: 50,
    ...overrides,
  };
}

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  listener = await startListener();
  site = await startFixtureSite();
  site.setPage("/fence", fencePage(listener.port));
  site.setPage(
    "/js/disallowed-script",
    `<!doctype html><html><body><div class="items"><div class="item"><h3 class="item-name">Semax 10mg</h3><span class="item-price">--</span></div></div>
    <script src="/private/tracker.js"></script><script src="/assets/prices.js"></script></body></html>`,
  );
});
afterAll(async () => {
  await site?.close();
  await listener?.close();
  await app?.dispose();
});
afterEach(() => {
  site.requests.length = 0;
});

describe("the headless browser's fence", () => {
  it("lets the page's own script run but lets nothing reach a loopback listener", async () => {
    const fetcher = new PageFetcher(policy());
    const page = await fetcher.fetchPage(`${site.baseUrl}/fence`);
    const html = await renderWithBrowser(page, fetcher, { chromiumPath: CHROMIUM });
    expect(html).toContain("$12.00");
    expect(listener.connections).toBe(0);
    // The page itself was fetched once, on the plain path, never again by the browser.
    expect(site.requestsFor("/fence")).toHaveLength(1);
  }, 60_000);

  it("is what stops it: the same page in an unfenced browser does reach the listener", async () => {
    // The listener resets every connection it counts, so the hostile page reports failures.
    expectConsoleError(/./);
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage();
      await tab.goto(`${site.baseUrl}/fence`);
      await vi.waitFor(() => expect(listener.connections).toBeGreaterThan(0), {
        timeout: 10_000,
      });
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe("the browser's sub-requests are polite", () => {
  it("never fetches a script robots.txt disallows, and waits the per-host delay for the rest", async () => {
    const fetcher = new PageFetcher(policy({ requestDelayMs: 300 }));
    const page = await fetcher.fetchPage(`${site.baseUrl}/js/disallowed-script`);
    const html = await renderWithBrowser(page, fetcher, { chromiumPath: CHROMIUM });
    expect(html).toContain("$23.50");
    expect(site.requestsFor("/private/tracker.js")).toHaveLength(0);
    const [document] = site.requestsFor("/js/disallowed-script");
    const [script] = site.requestsFor("/assets/prices.js");
    expect(script.at - document.at).toBeGreaterThanOrEqual(295);
    expect(script.userAgent).toBe("PeptidePricesBot/1.0 (+http://localhost/bot)");
  }, 60_000);

  it("counts each sub-request against the run's URL cap", async () => {
    const fetcher = new PageFetcher(policy({ maxUrls: 1 }));
    const page = await fetcher.fetchPage(`${site.baseUrl}/js/late-prices`);
    const html = await renderWithBrowser(page, fetcher, { chromiumPath: CHROMIUM });
    expect(html).not.toContain("$23.50");
    expect(site.requestsFor("/assets/prices.js")).toHaveLength(0);
  }, 60_000);

  it("gives up on a page that outruns its time budget", async () => {
    const hanging = await startFixtureSite({ handlers: { "/hang.js": () => {} } });
    try {
      hanging.setPage(
        "/js/never-loads",
        `<!doctype html><html><body><script src="/hang.js"></script></body></html>`,
      );
      const fetcher = new PageFetcher({ ...policy(), trustedOrigins: [hanging.baseUrl] });
      const page = await fetcher.fetchPage(`${hanging.baseUrl}/js/never-loads`);
      await expect(
        renderWithBrowser(page, fetcher, { chromiumPath: CHROMIUM, budgetMs: 1500 }),
      ).rejects.toThrow(
        `timed out after 1.5 s rendering ${hanging.baseUrl}/js/never-loads in the browser`,
      );
    } finally {
      await hanging.close();
    }
  }, 60_000);
});

describe("prices drawn by JavaScript", () => {
  it("renders a page whose selector listings have no price yet ('--') and reads the prices", async () => {
    const allowed = await createTestApp({
      SCRAPER_ALLOW_PRIVATE_HOSTS: "true",
      SEED_DEMO: "false",
    });
    try {
      await updateSettings(allowed.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
      const id = await createScrapeSource(allowed.db, {
        retailerName: "Late prices",
        url: `${site.baseUrl}/js/late-prices`,
        ...FIXTURE_CARD_PAGE_SELECTORS,
        vendorId: null,
        isActive: true,
      });
      const result = await scrapeSource(allowed, (await getScrapeSource(allowed.db, id))!);
      // The run's own message first: a refused or failed render says why.
      expect({ ok: result.ok, message: result.message }).toMatchObject({ ok: true });
      expect(result.data?.name).toEqual(["BPC-157 5mg", "TB-500 10mg"]);
      expect(result.data?.price).toEqual([23.5, 54]);
    } finally {
      await allowed.dispose();
    }
  }, 60_000);
});
