import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "playwright-core";
import { afterEach, expect } from "vitest";

import { HEADLESS_CHROMIUM_ARGS } from "~/.server/platform/outbound/browser.server";
import { AGE_VERIFIED_KEY, AGE_CONFIRMATION_MS } from "~/lib/constants";

import { signIn } from "./auth";
import type { TestServer } from "./server";

/**
 * What the pages of this test printed as errors: console errors (a CSP violation, a failed
 * script), uncaught exceptions, and React's hydration warnings. Every browser test fails on one.
 */
const pageErrors: string[] = [];

/** Messages a test has announced it provokes on purpose (a 404 page's own status line). */
const expectedErrors: RegExp[] = [];

/** Lets the current test provoke a console error matching `pattern` without failing. */
export function expectConsoleError(pattern: RegExp) {
  expectedErrors.push(pattern);
}

function record(message: string) {
  if (!expectedErrors.some((pattern) => pattern.test(message))) pageErrors.push(message);
}

/**
 * A 4xx answer to a form submission (React Router's `.data` fetch) or to the page itself
 * (a 404 page) is the app speaking, not a fault; a 4xx for a script, style or image is one.
 */
function isAnsweredSubmission(text: string, resourceUrl: string, pageUrl: string): boolean {
  if (!/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) {
    return false;
  }
  const resource = new URL(resourceUrl);
  return resource.pathname.endsWith(".data") || resourceUrl === pageUrl;
}

function watchForErrors(context: BrowserContext) {
  context.on("console", (message) => {
    const text = message.text();
    const pageUrl = message.page()?.url() ?? "";
    if (message.type() === "error" && isAnsweredSubmission(text, message.location().url, pageUrl)) {
      return;
    }
    if (message.type() === "error" || /hydrat/i.test(text)) {
      const source = message.location().url;
      record(`console.${message.type()} on ${pageUrl}${source ? ` (${source})` : ""}: ${text}`);
    }
  });
  context.on("weberror", (error) => {
    record(`uncaught on ${error.page()?.url() ?? "?"}: ${error.error().message}`);
  });
}

afterEach(() => {
  const errors = pageErrors.splice(0);
  expectedErrors.length = 0;
  if (errors.length > 0) {
    throw new Error(`The pages reported errors:\n${errors.join("\n")}`);
  }
});

/** UTC+14: no server runs there, so a date rendered in the server's zone cannot match. */
const VISITOR_TIME_ZONE = "Pacific/Kiritimati";

/** Debian's Chromium, never a downloaded one; flags keep it quiet on a machine without internet. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...HEADLESS_CHROMIUM_ARGS, "--disable-quic"],
  });
  // Every context a test opens reports its pages' errors, and its visitor lives far from the
  // server's time zone, so anything rendered in local time would fail hydration.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ timezoneId: VISITOR_TIME_ZONE, ...options });
    watchForErrors(context);
    return context;
  };
  return browser;
}

/** A browser context whose visitor has already passed the age gate. */
export async function newVerifiedContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([key, ms]) => {
      // about:blank and other opaque documents have no storage.
      if (!window.location.protocol.startsWith("http")) return;
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

/** The cookies of a `Cookie` header (a test sign-in's answer) as a browser context takes them. */
export function browserCookies(cookieHeader: string, url: string) {
  return cookieHeader.split("; ").map((pair) => {
    const [name, ...value] = pair.split("=");
    return { name: name!, value: value.join("="), url };
  });
}

/**
 * A desktop context signed in as the demo admin. Sign-in is rate limited, so a file makes one
 * and opens its pages in it.
 */
export async function newAdminContext(
  server: TestServer,
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  const context = await newVerifiedContext(browser, {
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  await signInContext(server, context, "admin@peptideprices.test", "admin-password");
  return context;
}

/** Signs a browser context in to an account; returns the session's cookie header for posts. */
export async function signInContext(
  server: TestServer,
  context: BrowserContext,
  email: string,
  password: string,
): Promise<string> {
  const cookie = await signIn(server, email, password);
  await context.addCookies(browserCookies(cookie, server.baseUrl));
  return cookie;
}

/**
 * Picks `option` in an admin catalogue picker (components/admin/catalogue-combobox.tsx) as a
 * keyboard user would: types `text`, waits for the server's matches, arrows to the entry and
 * presses Enter.
 */
export async function chooseInCombobox(combobox: Locator, text: string, option: string) {
  await waitForHydration(combobox.page());
  await combobox.fill(text);
  const listbox = combobox.page().getByRole("listbox");
  await listbox.getByRole("option", { name: option, exact: true }).waitFor();
  const names = await listbox.getByRole("option").allTextContents();
  const steps = names.indexOf(option);
  // The first match is active once the list answers; each ArrowDown moves one further.
  for (let step = 0; step < steps; step += 1) await combobox.press("ArrowDown");
  await expect
    .poll(() =>
      combobox
        .getAttribute("aria-activedescendant")
        .then((id) => (id ? combobox.page().locator(`[id="${id}"]`).textContent() : null)),
    )
    .toBe(option);
  await combobox.press("Enter");
  await expect.poll(() => combobox.inputValue()).toBe(option);
}
