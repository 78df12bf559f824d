import { describe, expect, it } from "vitest";

import { AGE_VERIFIED_KEY } from "~/lib/constants";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { PHONE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();

describe("the footer's Reset age confirmation", () => {
  for (const viewport of [{ width: 1366, height: 900 }, PHONE]) {
    it(`opens the gate again, usable, at ${viewport.width} px`, async () => {
      // A visitor verified on this device: the head script marks <html> before the page paints.
      const context = await newVerifiedContext(site.browser, { viewport });
      const page = await context.newPage();
      await page.goto(site.url("/compare"));
      await waitForHydration(page);
      const gate = page.getByRole("alertdialog", { name: "Age Verification" });
      expect(await gate.isVisible()).toBe(false);

      await page.getByRole("button", { name: "Reset age confirmation" }).click();
      await gate.waitFor({ state: "visible" });
      expect(await page.evaluate((key) => localStorage.getItem(key), AGE_VERIFIED_KEY)).toBeNull();
      // The gate has the focus and answers: confirming frees the page and its scrolling again.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe("I Confirm");
      await gate.getByRole("button", { name: "I Confirm" }).click();
      await gate.waitFor({ state: "detached" });
      expect(
        await page.evaluate(() => ({
          inert: document.querySelector("[inert]") !== null,
          overflow: getComputedStyle(document.documentElement).overflow,
        })),
      ).toEqual({ inert: false, overflow: "visible" });
      await page.getByRole("button", { name: "Reset age confirmation" }).click();
      await gate.waitFor({ state: "visible" });
      await context.close();
    });
  }
});
