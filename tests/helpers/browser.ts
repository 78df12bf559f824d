import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

import { AGE_VERIFIED_KEY, AGE_CONFIRMATION_MS } from "~/lib/constants";

/** Debian's Chromium, never a downloaded one; flags keep it quiet on a machine without internet. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/** A browser context whose visitor has already passed the age gate. */
export async function newVerifiedContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([key, ms]) => {
      if (window.localStorage.getItem(key) === null) {
        window.localStorage.setItem(key, String(Date.now() + ms));
      }
    },
    [AGE_VERIFIED_KEY, AGE_CONFIRMATION_MS] as const,
  );
  return context;
}

/**
 * Resolves once React has hydrated the page (its main element carries React's fiber keys), so
 * a click or a change is handled by the app rather than lost before hydration.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__react")),
  );
}
