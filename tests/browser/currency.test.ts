import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getExchangeRates } from "~/.server/data/exchange-rates.server";

import {
  launchBrowser,
  newAdminContext,
  newVerifiedContext,
  waitForHydration,
} from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  admin = await newAdminContext(server, browser);
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await server?.close();
});

async function displayCurrencyCookie(context: BrowserContext) {
  return (await context.cookies(server.baseUrl)).find(
    (cookie) => cookie.name === "display_currency",
  );
}

describe("exchange rates and the display currency in a browser", () => {
  it("an admin adds a rate, edits it and deletes another with confirmation", async () => {
    const page = await admin.newPage();
    await page.goto(`${server.baseUrl}/admin/settings`);
    // Clicked before React runs, the form would post as a plain page and never show the toast.
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Add a currency" });
    await form.getByLabel("Currency").fill("sek");
    await form.getByLabel("1 USD =").fill("9.45");
    await form.getByRole("button", { name: "Add currency" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Exchange rate added" }).waitFor();
    const sekRate = page.getByLabel("1 USD in SEK");
    await sekRate.waitFor();
    expect(await sekRate.inputValue()).toBe("9.45");
    expect((await getExchangeRates(server.app.db)).SEK).toBe(9.45);

    await sekRate.fill("9.5");
    await page.getByRole("button", { name: "Save SEK rate" }).click();
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Exchange rate updated" })
      .waitFor();
    expect((await getExchangeRates(server.app.db)).SEK).toBe(9.5);

    await page.getByRole("button", { name: "Delete JPY rate" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Exchange rate deleted" })
      .waitFor();
    await page.getByLabel("1 USD in JPY").waitFor({ state: "detached" });
    expect((await getExchangeRates(server.app.db)).JPY).toBeUndefined();
    await page.close();
  });

  it("a visitor switches the display currency in the header and keeps it after a reload", async () => {
    const visitor = await newVerifiedContext(browser);
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/compare`);
    const switcher = page.getByRole("banner").getByLabel("Display currency");
    expect(await switcher.inputValue()).toBe("USD");
    // With scripts the Apply button never shows: once React runs, choosing submits by itself.
    expect(await page.getByRole("button", { name: "Apply display currency" }).isVisible()).toBe(
      false,
    );
    await waitForHydration(page);

    const switched = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith("/currency"),
    );
    const chosenAt = Math.floor(Date.now() / 1000);
    await switcher.selectOption("SEK");
    await switched;
    await page.waitForURL(`${server.baseUrl}/compare`);
    const cookie = await displayCurrencyCookie(visitor);
    expect(cookie).toMatchObject({ value: "SEK", sameSite: "Lax", path: "/" });
    expect(cookie!.expires).toBeGreaterThanOrEqual(chosenAt + 364 * 24 * 60 * 60);

    await page.reload();
    expect(await page.getByRole("banner").getByLabel("Display currency").inputValue()).toBe("SEK");
    await visitor.close();
  });

  it("works without JavaScript: choose, Apply, back on the same page", async () => {
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/catalog`);
    const switcher = page.getByRole("banner").getByLabel("Display currency");
    await switcher.selectOption("EUR");
    await page.getByRole("banner").getByRole("button", { name: "Apply display currency" }).click();
    await page.waitForURL(`${server.baseUrl}/catalog`);
    expect(await page.getByRole("banner").getByLabel("Display currency").inputValue()).toBe("EUR");
    expect((await displayCurrencyCookie(visitor))?.value).toBe("EUR");
    await visitor.close();
  });
});
