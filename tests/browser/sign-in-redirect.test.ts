import { describe, expect, it } from "vitest";

import { createUserWithPassword } from "../helpers/auth";
import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();

describe("signing in with a return path", () => {
  it("stays on the site when redirectTo resolves to //evil.test through a dot segment", async () => {
    await createUserWithPassword(site.server.app, "returner@example.com", "returner-password-1");
    const context = await newVerifiedContext(site.browser);
    // Any request that leaves the test server is recorded and answered here, never sent.
    const offSite: string[] = [];
    await context.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === site.server.baseUrl) return route.continue();
      offSite.push(url.href);
      return route.fulfill({ status: 200, contentType: "text/html", body: "<p>off-site</p>" });
    });
    const page = await context.newPage();

    await page.goto(
      `${site.server.baseUrl}/login?redirectTo=${encodeURIComponent("/.//evil.test/x")}`,
    );
    await waitForHydration(page);
    await page.getByLabel("Email").fill("returner@example.com");
    await page.getByLabel("Password").fill("returner-password-1");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page
      .locator("[data-sonner-toast]", { hasText: "You have successfully logged in" })
      .first()
      .waitFor();

    expect(new URL(page.url()).origin).toBe(site.server.baseUrl);
    expect(new URL(page.url()).pathname).toBe("/deals");
    expect(offSite).toEqual([]);
    await context.close();
  });
});
