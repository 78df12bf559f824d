import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { peptides, vendorPeptides } from "~/.server/db/schema";

import { createUserWithPassword } from "../helpers/auth";
import {
  launchBrowser,
  newVerifiedContext,
  signInContext,
  waitForHydration,
} from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;
let visitor: BrowserContext;
let member: BrowserContext;
let memberCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  visitor = await newVerifiedContext(browser, { viewport: { width: 1280, height: 900 } });
  const email = "form.validation@example.com";
  await createUserWithPassword(server.app, email, "validation-password-1");
  member = await newVerifiedContext(browser, { viewport: { width: 1280, height: 900 } });
  memberCookie = await signInContext(server, member, email, "validation-password-1");
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A hydrated page that records every POST it sends. */
async function openForm(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto(`${server.baseUrl}${path}`);
  await waitForHydration(page);
  return { page, posts };
}

/**
 * After the submit click: the field shows `message` (named by its aria-describedby), is marked
 * invalid and has the focus, the page stayed where it was, and nothing was posted.
 */
async function expectHeldBack(page: Page, posts: string[], field: Locator, message: string) {
  const url = page.url();
  await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
  const describedBy = await field.getAttribute("aria-describedby");
  const errorList = page.locator(`[id="${describedBy!.split(" ").at(-1)}"]`);
  await errorList.getByText(message, { exact: true }).waitFor();
  expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(page.url()).toBe(url);
  expect(posts).toEqual([]);
}

describe("public and account forms check their input before posting", () => {
  it("login: empty fields", async () => {
    const { page, posts } = await openForm(visitor, "/login");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectHeldBack(
      page,
      posts,
      page.getByLabel("Email"),
      "Please enter both email and password",
    );
    await page.close();
  });

  it("sign-up: a malformed e-mail, a short password and a different confirmation", async () => {
    const { page, posts } = await openForm(visitor, "/signup");
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("shorter");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expectHeldBack(
      page,
      posts,
      page.getByLabel("Email"),
      "Please enter a valid email address",
    );
    await page.locator("#password-error").getByText("Password must be between 8 and 128").waitFor();
    await page.locator("#confirmPassword-error").getByText("Passwords do not match").waitFor();
    await page.close();
  });

  it("forgot password: no e-mail", async () => {
    const { page, posts } = await openForm(visitor, "/forgot-password");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expectHeldBack(page, posts, page.getByLabel("Email"), "Please enter your email");
    await page.close();
  });

  it("reset password: a password too short", async () => {
    const { page, posts } = await openForm(visitor, "/reset-password?token=some-token");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("short");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expectHeldBack(
      page,
      posts,
      page.getByLabel("New password", { exact: true }),
      "Password must be between 8 and 128 characters",
    );
    await page.close();
  });

  it("admin login: no password", async () => {
    const { page, posts } = await openForm(visitor, "/admin-login");
    await page.getByLabel("Email").fill("admin@peptideprices.test");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectHeldBack(
      page,
      posts,
      page.getByLabel("Password"),
      "Please enter both username and password",
    );
    await page.close();
  });

  it("price alert: a target price that is no price", async () => {
    const { page, posts } = await openForm(member, "/peptide/tb-500?size=5mg");
    const box = page.getByTestId("price-alert");
    await box.getByLabel("At or below my target price").check();
    await box.getByLabel("Target price (after coupon)").fill("cheap");
    await box.getByRole("button", { name: "Save alert" }).click();
    await expectHeldBack(
      page,
      posts,
      box.getByLabel("Target price (after coupon)"),
      "Enter a price such as 49.99",
    );
    await page.close();
  });

  it("stack: a blank name", async () => {
    const { page, posts } = await openForm(member, "/stack?items=bpc-157:10mg:1");
    await page.getByLabel("Name").fill("   ");
    await page.getByRole("button", { name: "Save stack" }).click();
    await expectHeldBack(page, posts, page.getByLabel("Name"), "Give the stack a name");
    await page.close();
  });

  it("saved deal: notes over the limit", async () => {
    const [offer] = await server.app.db
      .select({ id: vendorPeptides.id, name: peptides.name })
      .from(vendorPeptides)
      .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
      .limit(1);
    const saved = await server.postForm(
      "/deals",
      { intent: "save", vendorPeptideId: offer!.id },
      { cookie: memberCookie },
    );
    expect(saved.status).toBe(200);

    const { page, posts } = await openForm(member, "/deals");
    await page
      .getByTestId("saved-deal")
      .first()
      .getByRole("button", { name: /^Edit / })
      .click();
    const dialog = page.getByRole("dialog");
    const notes = dialog.getByLabel("Notes");
    // What the textarea's own limit stops when typing, as a pasted-in or scripted value gets it.
    await notes.evaluate((element) => {
      (element as HTMLTextAreaElement).value = "n".repeat(1001);
    });
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expectHeldBack(page, posts, notes, "Notes can be at most 1000 characters");
    await page.close();
  });
});
