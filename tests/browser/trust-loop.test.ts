import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { peptides, vendorPeptides, vendors } from "~/.server/db/schema";
import { formatPrice } from "~/lib/format";

import { createUserWithPassword } from "../helpers/auth";
import { signInContext, newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startAdminBrowser } from "../helpers/admin-browser";
import { SETTLE } from "../helpers/public-browser";
import { runNextShopRead } from "../helpers/shop-reads";

/**
 * Issue 33 in a browser: a visitor reports a wrong price from the offer table, the admin
 * re-checks it from Reports and the vendor page shows the corrected price and the figures; a
 * buyer rates the coupon and writes a review, which the admin publishes.
 */
const admin = startAdminBrowser();
const WRONG_PRICE = 888.88;

async function apexBpcOffer() {
  const [row] = await admin.server.app.db
    .select({ id: vendorPeptides.id })
    .from(vendorPeptides)
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .where(and(eq(vendors.name, "Apex Peptide Labs"), eq(peptides.slug, "bpc-157")))
    .limit(1);
  return row!.id;
}

describe("the trust loop", () => {
  it("a visitor's report is re-checked by the admin and the vendor page shows the corrected price", async () => {
    const offerId = await apexBpcOffer();
    await admin.server.app.db
      .update(vendorPeptides)
      .set({ price: WRONG_PRICE, url: `${admin.server.baseUrl}/demo-retailer/products/bpc-157` })
      .where(eq(vendorPeptides.id, offerId));
    admin.server.app.cache.clear();

    const visitor = await newVerifiedContext(admin.browser);
    const page = await visitor.newPage();
    await page.goto(`${admin.server.baseUrl}/vendor/apex-peptide-labs`);
    await waitForHydration(page);
    await page.locator(`tr[data-offer="${offerId}"]`).getByTestId("report-offer").click();
    await page.getByRole("heading", { name: "Report a problem" }).waitFor(SETTLE);
    await page.getByLabel("What is wrong?").selectOption("price");
    await page.getByLabel("Details (optional)").fill("The shop asks far less than this.");
    await page.getByRole("button", { name: "Send report" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Thanks, your report was sent." })
      .waitFor(SETTLE);

    await admin.open("/admin");
    await admin.page.getByRole("link", { name: "Reports" }).click();
    await admin.page.getByRole("heading", { name: "Reports", level: 1 }).waitFor(SETTLE);
    const card = admin.page.getByTestId("offer-report").first();
    await card.getByText("The shop asks far less than this.").waitFor();
    await card
      .getByText("Scraped", { exact: false })
      .or(card.getByText("Entered by an admin"))
      .first()
      .waitFor();
    await card.getByRole("button", { name: "Re-check now" }).click();
    await admin.toast("Re-check under way: the offer's page is being read.").waitFor(SETTLE);
    await card.getByTestId("report-rechecking").waitFor(SETTLE);
    // The page is read by a background job (done here as the worker would); the page polls it.
    await runNextShopRead(admin.server.app, "offer-recheck");
    await card.getByText("Corrected", { exact: true }).waitFor(SETTLE);

    const [corrected] = await admin.server.app.db
      .select({ price: vendorPeptides.price })
      .from(vendorPeptides)
      .where(eq(vendorPeptides.id, offerId));
    await page.goto(`${admin.server.baseUrl}/vendor/apex-peptide-labs`);
    await waitForHydration(page);
    const row = page.locator(`tr[data-offer="${offerId}"]`);
    await row.getByText(formatPrice(corrected!.price, "USD")).first().waitFor(SETTLE);
    expect(await row.textContent()).not.toContain(formatPrice(WRONG_PRICE, "USD"));
    expect(await page.getByTestId("vendor-report-stats").textContent()).toBe(
      "1 report in 90 days, 1 corrected within 24 h",
    );
    await visitor.close();
  });

  it("a buyer rates the coupon and writes a review; the admin publishes it", async () => {
    await createUserWithPassword(admin.server.app, "rater@example.com", "rater-password");
    const buyer = await newVerifiedContext(admin.browser);
    await signInContext(admin.server, buyer, "rater@example.com", "rater-password");
    const page = await buyer.newPage();
    await page.goto(`${admin.server.baseUrl}/vendor/apex-peptide-labs`);
    await waitForHydration(page);

    const feedback = page.getByTestId("coupon-feedback");
    await feedback.getByText("No buyer has rated this code yet").waitFor();
    await feedback.getByRole("button", { name: "Worked" }).click();
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "you said the code worked" })
      .waitFor(SETTLE);
    await feedback.getByText(/Worked for 1 of 1 buyer in 90 days · last confirmed/).waitFor(SETTLE);

    const text = "Paid by card, the parcel came in five days, well packed and as described.";
    await page.getByLabel("Your rating").selectOption("5");
    await page.getByLabel("Your review").fill(text);
    await page.getByRole("button", { name: "Send review" }).click();
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "It is published once a moderator has checked it." })
      .waitFor(SETTLE);
    await page.getByTestId("own-reviews").getByText("waiting for a moderator").waitFor(SETTLE);
    await page
      .getByText("You can review this vendor again 90 days after your last review.")
      .waitFor();
    expect(await page.getByTestId("review-form").count()).toBe(0);

    await admin.open("/admin/reviews");
    const review = admin.page.getByTestId("moderated-review").filter({ hasText: text });
    await review.getByRole("button", { name: "Approve" }).click();
    await admin.toast("Review published").waitFor(SETTLE);

    await page.reload();
    await waitForHydration(page);
    await page.getByTestId("vendor-reviews").getByText(text).waitFor(SETTLE);
    await page.getByTestId("review-distribution").getByText("5 out of 5 from 1 review").waitFor();
    await buyer.close();
  });
});
