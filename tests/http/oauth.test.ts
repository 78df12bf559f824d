import { and, eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { account, user } from "~/.server/db/schema";

import { cookieHeaderFrom, readHtml } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

const PERSON = {
  sub: "oidc-user-42",
  email: "oauth.person@example.com",
  email_verified: true,
  name: "OAuth Person",
};

let provider: OAuth2Server;
let server: TestServer;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  // The person the provider signs in, in both the ID token and the userinfo answer.
  provider.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, PERSON);
  });
  provider.service.on("beforeUserinfo", (response) => {
    response.body = { ...PERSON };
  });
  server = await startTestServer({
    OIDC_ISSUER_URL: provider.issuer.url!,
    OIDC_CLIENT_ID: "peptideprices-test",
    OIDC_CLIENT_SECRET: "peptideprices-test-secret",
    OIDC_PROVIDER_NAME: "Test SSO",
    // One of SPEC.md's three configured: its button shows, the other two do not.
    GOOGLE_CLIENT_ID: "peptideprices-google-test",
    GOOGLE_CLIENT_SECRET: "peptideprices-google-test-secret",
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.stop();
});

/** Cookies accumulated across redirects, as a browser keeps them (later values win). */
class CookieJar {
  #cookies = new Map<string, string>();
  take(response: Response) {
    for (const pair of cookieHeaderFrom(response).split("; ").filter(Boolean)) {
      this.#cookies.set(pair.slice(0, pair.indexOf("=")), pair);
    }
  }
  header() {
    return [...this.#cookies.values()].join("; ");
  }
}

describe("sign-in through an OpenID Connect provider", () => {
  it("offers the configured providers only, on /login and /signup", async () => {
    for (const path of ["/login", "/signup"]) {
      const html = await readHtml(await server.fetch(path));
      const offered = [...html.matchAll(/name="provider" value="([^"]+)"/g)].map((m) => m[1]);
      expect(offered).toEqual(["google", "oidc"]);
      expect(html).toContain("Test SSO");
      expect(html).not.toContain("Facebook");
      expect(html).not.toContain("Twitter");
    }
  });

  /** Posts the social button with `form`, follows the provider's round trip, and returns where it lands. */
  async function roundTrip(form: Record<string, string>) {
    const jar = new CookieJar();
    const start = await server.fetch("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
      body: new URLSearchParams({ intent: "social", provider: "oidc", ...form }),
    });
    expect(start.status).toBe(302);
    jar.take(start);
    const authorizeUrl = new URL(start.headers.get("location")!);
    expect(authorizeUrl.origin).toBe(new URL(provider.issuer.url!).origin);
    expect(authorizeUrl.searchParams.get("client_id")).toBe("peptideprices-test");

    // The provider "logs the person in" and sends the browser back with a code.
    const authorize = await fetch(authorizeUrl, { redirect: "manual" });
    expect(authorize.status).toBe(302);
    const callbackUrl = new URL(authorize.headers.get("location")!);
    expect(callbackUrl.origin).toBe(server.baseUrl);
    expect(callbackUrl.pathname).toContain("/api/auth/");
    expect(callbackUrl.searchParams.get("code")).toBeTruthy();

    const callback = await server.fetch(`${callbackUrl.pathname}${callbackUrl.search}`, {
      headers: { cookie: jar.header() },
    });
    expect(callback.status).toBe(302);
    jar.take(callback);
    const landing = new URL(callback.headers.get("location")!, server.baseUrl);
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("signedIn")).toBe("1");
    const welcome = await server.fetch(`${landing.pathname}${landing.search}`, {
      headers: { cookie: jar.header() },
    });
    expect(welcome.status).toBe(302);
    jar.take(welcome);
    return { jar, location: welcome.headers.get("location") };
  }

  it("redirects to the provider, comes back to the callback, creates the account and signs it in", async () => {
    const { jar, location } = await roundTrip({});
    expect(location).toBe("/deals");

    const [created] = await server.app.db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(eq(user.email, PERSON.email));
    expect(created).toBeDefined();
    const linked = await server.app.db
      .select({ accountId: account.accountId })
      .from(account)
      .where(and(eq(account.userId, created.id), eq(account.providerId, "oidc")));
    expect(linked).toEqual([{ accountId: PERSON.sub }]);

    const deals = await server.fetch("/deals", { headers: { cookie: jar.header() } });
    expect(deals.status).toBe(200);
    const html = await readHtml(deals);
    expect(html).toContain("Hello, oauth.person");
    expect(html).toContain("You have successfully logged in");
  });

  it("returns to the page that asked for the sign-in, and never off-site", async () => {
    expect((await roundTrip({ redirectTo: "/stack?items=bpc-157:5mg:2" })).location).toBe(
      "/stack?items=bpc-157:5mg:2",
    );
    expect((await roundTrip({ redirectTo: "//evil.example/x" })).location).toBe("/deals");
  });

  it("carries the page to return to through the social buttons of /login", async () => {
    const html = await readHtml(await server.fetch("/login?redirectTo=%2Fstack"));
    const socialForms =
      html.match(/<form[^>]*>(?:(?!<\/form>)[\s\S])*name="provider"[\s\S]*?<\/form>/g) ?? [];
    expect(socialForms.length).toBeGreaterThan(0);
    for (const form of socialForms) expect(form).toContain('name="redirectTo" value="/stack"');
  });

  it("turns a failed provider round trip into SPEC.md's social-login error on /login", async () => {
    const callback = await server.fetch("/api/auth/callback/oidc?error=access_denied&state=forged");
    expect(callback.status).toBe(302);
    const landing = new URL(callback.headers.get("location")!, server.baseUrl);
    expect(landing.pathname).toBe("/login");
    const html = await readHtml(await server.fetch(`${landing.pathname}${landing.search}`));
    expect(html).toContain("An error occurred during social login");
  });

  it("answers an unconfigured provider with a clear message on sign-up too", async () => {
    const response = await server.fetch("/signup", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
      body: new URLSearchParams({ intent: "social", provider: "twitter" }),
    });
    expect(response.status).toBe(400);
    const html = await readHtml(response);
    expect(html).toContain("An error occurred during social sign up");
    expect(html).toContain("Twitter sign-in is not configured");
  });
});
