import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUserWithPassword } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await createUserWithPassword(server.app, "redirected@example.com", "redirected-password-1");
});
afterAll(async () => {
  await server?.close();
});

/**
 * Paths that pass a check on the raw value (same origin) but normalise to "//evil.test…",
 * which a browser reads as another host. Four: sign-in is limited to 10 a minute per address.
 */
const DOT_SEGMENT_TRICKS = [
  "/.//evil.test/x",
  "/a/..//evil.test/x",
  "/%2e//evil.test/x",
  "/%2e%2e//evil.test/x",
];

function expectOnSite(response: Response, expected: string) {
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  expect(new URL(location, server.baseUrl).origin).toBe(server.baseUrl);
  expect(location).toBe(expected);
}

describe("every redirect target stays on the site", () => {
  it.each(DOT_SEGMENT_TRICKS)("sign-in with redirectTo=%s lands on /deals", async (trick) => {
    const response = await server.postForm("/login", {
      intent: "password",
      email: "redirected@example.com",
      password: "redirected-password-1",
      redirectTo: trick,
    });
    expectOnSite(response, "/deals");
  });

  it.each(DOT_SEGMENT_TRICKS)("admin sign-in with redirectTo=%s lands on /admin", async (trick) => {
    const response = await server.postForm(
      `/admin-login?${new URLSearchParams({ redirectTo: trick })}`,
      { email: "admin@peptideprices.test", password: "admin-password" },
    );
    expectOnSite(response, "/admin");
  });

  it.each([...DOT_SEGMENT_TRICKS, "/..//evil.test/x", "/\t/evil.test", "///evil.test"])(
    "the currency switch with returnTo=%j goes home",
    async (trick) => {
      const response = await server.postForm("/currency", { currency: "EUR", returnTo: trick });
      expectOnSite(response, "/");
    },
  );

  it("returns to the resolved path of a same-site return path", async () => {
    const response = await server.postForm("/currency", {
      currency: "EUR",
      returnTo: "/catalog/../compare?peptide=bpc-157",
    });
    expectOnSite(response, "/compare?peptide=bpc-157");
  });
});
