import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

import { launchBrowser, newVerifiedContext, waitForHydration } from "./browser";
import { startTestServer, type TestServer } from "./server";

/** A navigation waits for the server's loader data; on a busy machine that takes a while. */
export const SETTLE = { timeout: 15_000 };

/** A phone's viewport (an iPhone 12–14's CSS pixels). */
export const PHONE = { width: 390, height: 844 };

export interface PublicBrowser {
  readonly server: TestServer;
  readonly browser: Browser;
  /** The absolute URL of a path on the test server. */
  url: (path: string) => string;
  /** A page in a fresh visitor context (past the age gate) at `path`, once React has hydrated it. */
  openPage: (path: string, context?: Parameters<Browser["newContext"]>[0]) => Promise<Page>;
}

/**
 * One test file's visitor side in a real browser: the server and Chromium, started and closed
 * by the file's hooks. Each test opens its own contexts, so no visitor state leaks between tests.
 */
export function startPublicBrowser(serverEnv?: Record<string, string>): PublicBrowser {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer(serverEnv);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const url = (path: string) => new URL(path, server.baseUrl).toString();
  return {
    get server() {
      return server;
    },
    get browser() {
      return browser;
    },
    url,
    openPage: async (path, options) => {
      const context = await newVerifiedContext(browser, options);
      const page = await context.newPage();
      await page.goto(url(path));
      await waitForHydration(page);
      return page;
    },
  };
}
