import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

import { launchBrowser, newAdminContext, waitForHydration } from "./browser";
import { startTestServer, type TestServer } from "./server";

export interface AdminBrowser {
  readonly server: TestServer;
  readonly browser: Browser;
  /** The demo admin's signed-in context (one sign-in per file: sign-in is rate limited). */
  readonly context: BrowserContext;
  /** A fresh tab for each test, or one tab for the whole file (`pagePerTest: false`). */
  readonly page: Page;
  /** Goes to an admin path and waits until React has hydrated the page. */
  open: (pathname: string) => Promise<void>;
  /** The toast with this text. */
  toast: (text: string) => ReturnType<Page["locator"]>;
}

/**
 * One test file's admin session in a real browser: the server, Chromium, the demo admin's
 * context and a page, each started and closed by the file's hooks.
 */
export function startAdminBrowser(
  options: {
    serverEnv?: Record<string, string>;
    context?: Parameters<Browser["newContext"]>[0];
    pagePerTest?: boolean;
  } = {},
): AdminBrowser {
  const pagePerTest = options.pagePerTest ?? true;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer(options.serverEnv);
    browser = await launchBrowser();
    context = await newAdminContext(server, browser, options.context);
    if (!pagePerTest) page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });
  if (pagePerTest) {
    beforeEach(async () => {
      page = await context.newPage();
    });
    afterEach(async () => {
      await page.close();
    });
  }

  return {
    get server() {
      return server;
    },
    get browser() {
      return browser;
    },
    get context() {
      return context;
    },
    get page() {
      return page;
    },
    open: async (pathname) => {
      await page.goto(`${server.baseUrl}${pathname}`);
      await waitForHydration(page);
    },
    toast: (text) => page.locator("[data-sonner-toast]").filter({ hasText: text }),
  };
}
