import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { savedDeals, sizeOptions, vendorPeptides } from "~/.server/db/schema";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type FormFields, type TestServer } from "../helpers/server";

/**
 * Without JavaScript the server refuses what the forms check in the browser
 * (tests/browser/public-form-validation.test.ts), with the same message; the sign-in pages
 * show it under the field it belongs to.
 */
let server: TestServer;
let cookie: string;
let nextAddress = 0;

beforeAll(async () => {
  server = await startTestServer();
  const email = "no-js.validation@example.com";
  await createUserWithPassword(server.app, email, "validation-password-1");
  cookie = await signIn(server, email, "validation-password-1");
});
afterAll(async () => {
  await server?.close();
});

/** A plain form post from its own address, so the sign-in limits of one never meet another's. */
function post(path: string, fields: FormFields, withSession = false) {
  nextAddress += 1;
  return server.postForm(path, fields, {
    cookie: withSession ? cookie : null,
    headers: { "x-forwarded-for": `198.51.100.${nextAddress}` },
  });
}

describe("the sign-in pages without JavaScript", () => {
  it.each([
    ["/login", { intent: "password" }, "email", "Please enter both email and password"],
    [
      "/signup",
      { intent: "password", email: "not-an-address", password: "short", confirmPassword: "short" },
      "email",
      "Please enter a valid email address",
    ],
    [
      "/signup",
      { intent: "password", email: "a@example.com", password: "short", confirmPassword: "short" },
      "password",
      "Password must be between 8 and 128 characters",
    ],
    ["/forgot-password", {}, "email", "Please enter your email"],
    [
      "/reset-password?token=some-token",
      { token: "some-token", password: "short", confirmPassword: "short" },
      "password",
      "Password must be between 8 and 128 characters",
    ],
    [
      "/admin-login",
      { email: "admin@peptideprices.test" },
      "password",
      "Please enter both username and password",
    ],
  ])(
    "%s answers 400 and shows the message under the field",
    async (path, fields, field, message) => {
      const response = await post(path, fields);
      expect(response.status).toBe(400);
      const html = await readHtml(response);
      const input = new RegExp(`<input[^>]*name="${field}"[^>]*>`).exec(html)?.[0] ?? "";
      expect(input).toContain('aria-invalid="true"');
      expect(input).toContain(`aria-describedby="${field}-error"`);
      expect(html).toMatch(new RegExp(`<ul id="${field}-error"[^>]*><li>${message}</li></ul>`));
    },
  );
});

describe("the account forms without JavaScript", () => {
  it("refuses a price alert's target price that is no price", async () => {
    const [size] = await server.app.db
      .select({ id: sizeOptions.id })
      .from(sizeOptions)
      .innerJoin(vendorPeptides, eq(vendorPeptides.sizeOptionId, sizeOptions.id))
      .limit(1);
    const response = await post(
      "/alerts",
      {
        intent: "save",
        sizeOptionId: size!.id,
        mode: "below",
        targetPrice: "cheap",
        currency: "USD",
        channels: ["email"],
        digest: "immediate",
      },
      true,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: "Enter a price such as 49.99",
      fieldErrors: { targetPrice: ["Enter a price such as 49.99"] },
    });
  });

  it("refuses a stack with a blank name", async () => {
    const response = await post(
      "/stack",
      { intent: "save", name: "   ", items: "bpc-157:10mg:1" },
      true,
    );
    expect(response.status).toBe(400);
    expect(await readHtml(response)).toContain("Give the stack a name");
  });

  it("refuses a saved deal's notes over the limit", async () => {
    const [offer] = await server.app.db
      .select({ id: vendorPeptides.id })
      .from(vendorPeptides)
      .limit(1);
    expect(
      (await post("/deals", { intent: "save", vendorPeptideId: offer!.id }, true)).status,
    ).toBe(200);
    const [deal] = await server.app.db
      .select({ id: savedDeals.id })
      .from(savedDeals)
      .where(eq(savedDeals.vendorPeptideId, offer!.id));
    const response = await post(
      "/deals",
      { intent: "update", dealId: deal!.id, notes: "n".repeat(1001) },
      true,
    );
    expect(response.status).toBe(400);
    expect(await readHtml(response)).toContain("Notes can be at most 1000 characters");
  });
});
