import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { startAdminBrowser } from "../helpers/admin-browser";

/**
 * An admin error has one place: under its field when it has one, in a toast only when it has
 * none; and a new error toast replaces the last rather than piling up beside it.
 */
const admin = startAdminBrowser();
const { open, toast } = admin;

const dialog = () => admin.page.getByRole("dialog");
/** The error toasts on screen (one being dismissed is on its way out). */
const errorToasts = () =>
  admin.page.locator('[data-sonner-toast][data-type="error"]:not([data-removed="true"])');

/**
 * Two frames after the errors showed: React has run the effects of that render (where a toast
 * would be raised) and sonner has drawn what they raised.
 */
async function afterRender(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

const HOLDER_EMAIL = "error-placement-holder@example.com";

beforeAll(async () => {
  const { db } = admin.server.app;
  const [vendor] = await db.select({ id: t.vendors.id }).from(t.vendors).limit(1);
  const [holder] = await db
    .insert(t.user)
    .values({
      id: "error-placement-holder",
      name: "Holder",
      email: HOLDER_EMAIL,
      emailVerified: true,
    })
    .returning({ id: t.user.id });
  await db
    .insert(t.vendorMembers)
    .values({ vendorId: vendor!.id, userId: holder!.id, grantedVia: "admin" });
});

describe("an admin error in one place", () => {
  it("Add Peptide without a name: the error under the Name field, no toast", async () => {
    await open("/admin/peptides");
    await admin.page.getByRole("button", { name: "Add Peptide" }).click();
    await dialog().getByRole("button", { name: "Add Peptide" }).click();
    await dialog().getByText("Peptide name is required").waitFor();
    expect(await dialog().getByLabel("Name", { exact: true }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    await afterRender(admin.page);
    expect(await errorToasts().count()).toBe(0);
  });

  it("Add Peptide refused by the server (a slug in use): the error under Slug, no toast", async () => {
    await open("/admin/peptides");
    await admin.page.getByRole("button", { name: "Add Peptide" }).click();
    await dialog().getByLabel("Name", { exact: true }).fill("Error Placement Peptide");
    await dialog().getByLabel("Slug").fill("bpc-157");
    const answered = admin.page.waitForResponse((response) =>
      response.url().includes("/admin/peptides.data"),
    );
    await dialog().getByRole("button", { name: "Add Peptide" }).click();
    expect((await answered).status()).toBe(409);
    await dialog().getByText('The slug "bpc-157" is already used by another peptide').waitFor();
    expect(await dialog().getByLabel("Slug").getAttribute("aria-invalid")).toBe("true");
    await afterRender(admin.page);
    expect(await errorToasts().count()).toBe(0);
    // What was typed stays for the next try.
    expect(await dialog().getByLabel("Name", { exact: true }).inputValue()).toBe(
      "Error Placement Peptide",
    );
  });

  it("an error with no field toasts, and the next one replaces it", async () => {
    await open("/admin/vendor-accounts");
    const email = admin.page.getByLabel("Account e-mail");
    const grant = admin.page.getByRole("button", { name: "Grant vendor access" });

    await email.fill("no-account-here@example.com");
    await grant.click();
    await toast("The user must already have an account").waitFor();

    await email.fill(HOLDER_EMAIL);
    await grant.click();
    await toast("This account already speaks for a vendor.").waitFor();
    await expect.poll(() => errorToasts().count()).toBe(1);
    expect(await errorToasts().textContent()).toContain(
      "This account already speaks for a vendor.",
    );
  });
});
