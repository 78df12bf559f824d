import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAuth } from "~/.server/services/auth.server";
import {
  peptides,
  rateLimit,
  savedDeals,
  session,
  user,
  vendorPeptides,
} from "~/.server/db/schema";

import { cookieHeaderFrom, createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";
import { firstLink, startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Behind a trusted proxy (loopback), so each test can pick its own address with X-Forwarded-For.
  server = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: "loopback" });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

function postForm(
  path: string,
  fields: Record<string, string | string[]>,
  options: { cookie?: string; forwardedFor?: string } = {},
) {
  return server.postForm(path, fields, {
    cookie: options.cookie,
    headers: options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {},
  });
}

function signInJson(email: string, password: string, forwardedFor: string) {
  return server.fetch("/api/auth/sign-in/email", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.baseUrl,
      "x-forwarded-for": forwardedFor,
    },
    body: JSON.stringify({ email, password }),
  });
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await server.app.db
    .select({ n: count() })
    .from(session)
    .where(eq(session.userId, userId));
  return row.n;
}

describe("validation messages (SPEC.md §5) answer with a 4xx", () => {
  it("login without a password", async () => {
    const response = await postForm("/login", {
      intent: "password",
      email: "x@example.com",
      password: "",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter both email and password");
  });

  it("sign-up without an e-mail, and with different passwords", async () => {
    const empty = await postForm("/signup", {
      intent: "password",
      email: "",
      password: "longenough1",
      confirmPassword: "longenough1",
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please enter both email and password");

    const mismatch = await postForm("/signup", {
      intent: "password",
      email: "mismatch@example.com",
      password: "longenough1",
      confirmPassword: "longenough2",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
  });

  it("admin login without a password", async () => {
    const response = await postForm("/admin-login", {
      email: "admin@peptideprices.test",
      password: "",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter both username and password");
  });

  it("an e-mail far over any real address's length is refused, not a server error", async () => {
    // Found by the fuzz test on PostgreSQL: the per-account sign-in limit's key once held the
    // whole address, past what a B-tree index row can hold.
    // Characters from a pseudo-random sequence: the database cannot compress the key below the
    // index's limit as it would a run of one letter.
    let seed = 7;
    const local = Array.from({ length: 3_000 }, () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&*+-/=?^_{|}~"[
        seed % 79
      ];
    }).join("");
    const email = `${local}@example.com`;
    const response = await signInJson(email, "whatever-password", "198.51.100.151");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("a social button of an unconfigured provider is a clear error, not a crash", async () => {
    const response = await postForm("/login", { intent: "social", provider: "google" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("An error occurred during social login");
    expect(html).toContain("Google sign-in is not configured");
  });
});

describe("the login pages", () => {
  it("shows no social button of an unconfigured provider", async () => {
    for (const path of ["/login", "/signup"]) {
      const html = await (await server.fetch(path)).text();
      expect(html).not.toContain('name="provider"');
      for (const label of ["Google", "Facebook", "Twitter"]) expect(html).not.toContain(label);
    }
  });

  it("shows the sign-up and forgot-password links and the demo hint", async () => {
    const html = await (await server.fetch("/login")).text();
    for (const text of [
      'href="/signup"',
      "Forgot password?",
      'href="/forgot-password"',
      "demo@peptideprices.test",
    ]) {
      expect(html).toContain(text);
    }
  });

  it("admin login has a 'Back to home' link", async () => {
    const html = await (await server.fetch("/admin-login")).text();
    expect(html).toContain("Back to home");
  });
});

describe("an account's whole journey", () => {
  const email = "journey@example.com";
  const password = "journey-password-1";

  it("signs up, confirms by e-mail, signs in, sees the greeting, saves a deal, tags it and signs out", async () => {
    const signUp = await postForm("/signup", {
      intent: "password",
      email,
      password,
      confirmPassword: password,
    });
    expect(signUp.status).toBe(302);
    expect(signUp.headers.get("location")).toBe("/login");
    const flashCookie = cookieHeaderFrom(signUp);
    const loginPage = await (
      await server.fetch("/login", { headers: { cookie: flashCookie } })
    ).text();
    expect(loginPage).toContain("Check your email for the confirmation link");

    const confirmation = await smtp.waitForMessage((mail) => mail.to.includes(email));
    expect(confirmation.subject).toContain("Confirm");
    const verify = await fetch(firstLink(confirmation), { redirect: "manual" });
    expect(verify.status).toBe(302);
    const [account] = await server.app.db
      .select({ verified: user.emailVerified })
      .from(user)
      .where(eq(user.email, email));
    expect(account.verified).toBe(true);

    const login = await postForm("/login", { intent: "password", email, password });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/deals");
    const setCookies = login.headers.getSetCookie();
    const sessionCookie = setCookies.find((cookie) => cookie.includes("session_token"));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieHeaderFrom(login);

    const deals = await server.fetch("/deals", { headers: { cookie } });
    expect(deals.status).toBe(200);
    const dealsHtml = await readHtml(deals);
    expect(dealsHtml).toContain("You have successfully logged in");
    expect(dealsHtml).toContain("Hello, journey");
    expect(dealsHtml).toContain("Logout");
    expect(dealsHtml).not.toContain('href="/admin"');

    const [offer] = await server.app.db
      .select({ id: vendorPeptides.id, peptide: peptides.name })
      .from(vendorPeptides)
      .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
      .limit(1);
    const save = await postForm(
      "/deals",
      { intent: "save", vendorPeptideId: offer.id },
      { cookie },
    );
    expect(save.status).toBe(200);
    expect(await save.text()).toContain("Deal saved");
    const again = await postForm(
      "/deals",
      { intent: "save", vendorPeptideId: offer.id },
      { cookie },
    );
    expect(again.status).toBe(200);

    const listed = await (await server.fetch("/deals", { headers: { cookie } })).text();
    expect(listed).toContain(offer.peptide);
    const [deal] = await server.app.db.select({ id: savedDeals.id }).from(savedDeals);

    const update = await postForm(
      "/deals",
      {
        intent: "update",
        dealId: deal.id,
        tags: ["favorite", "to-buy"],
        notes: "Order next week",
        alertEnabled: "true",
      },
      { cookie },
    );
    expect(update.status).toBe(200);
    const favorites = await (
      await server.fetch("/deals?tag=favorite", { headers: { cookie } })
    ).text();
    expect(favorites).toContain(offer.peptide);
    expect(favorites).toContain("Order next week");
    const researching = await (
      await server.fetch("/deals?tag=researching", { headers: { cookie } })
    ).text();
    expect(researching).not.toContain("Order next week");

    const logout = await postForm("/logout", {}, { cookie });
    expect(logout.status).toBe(302);
    const [owner] = await server.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email));
    expect(await sessionCount(owner.id)).toBe(0);
    const afterLogout = await server.fetch("/deals", { headers: { cookie } });
    expect(afterLogout.status).toBe(401);
    expect(await afterLogout.text()).toContain("Login Required");
  });
});

describe("admin sign-in", () => {
  it("lets an admin in, to /admin, with SPEC.md's toast and the Admin button", async () => {
    const response = await postForm("/admin-login", {
      email: "admin@peptideprices.test",
      password: "admin-password",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    const cookie = cookieHeaderFrom(response);
    const html = await (await server.fetch("/login", { headers: { cookie } })).text();
    expect(html).toContain("You have successfully logged in as admin");
    expect(html).toContain('href="/admin"');
  });

  it("refuses a plain account and leaves it signed out", async () => {
    const userId = await createUserWithPassword(
      server.app,
      "plain-admin-try@example.com",
      "plain-password-1",
    );
    const response = await postForm("/admin-login", {
      email: "plain-admin-try@example.com",
      password: "plain-password-1",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Invalid admin credentials");
    expect(
      response.headers
        .getSetCookie()
        .some((cookie) => cookie.includes("session_token=") && !cookie.includes("session_token=;")),
    ).toBe(false);
    expect(await sessionCount(userId)).toBe(0);
  });

  it("refuses a wrong password with 'Invalid admin credentials'", async () => {
    const response = await postForm("/admin-login", {
      email: "admin@peptideprices.test",
      password: "not-the-password",
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Invalid admin credentials");
  });
});

describe("password reset", () => {
  it("answers the same for unknown and known e-mails, and the mailed link sets a new password", async () => {
    const email = "forgetful@example.com";
    await createUserWithPassword(server.app, email, "old-password-1");
    const older = await signIn(server, email, "old-password-1");

    const unknown = await postForm("/forgot-password", { email: "nobody@example.com" });
    const known = await postForm("/forgot-password", { email });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    const neutral = "If an account exists for that e-mail";
    expect(await unknown.text()).toContain(neutral);
    expect(await known.text()).toContain(neutral);

    const mail = await smtp.waitForMessage(
      (message) => message.to.includes(email) && /reset/i.test(message.subject),
    );
    const link = await fetch(firstLink(mail), { redirect: "manual" });
    expect(link.status).toBe(302);
    const target = new URL(link.headers.get("location")!, server.baseUrl);
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();
    const page = await server.fetch(`${target.pathname}${target.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Set a new password");

    const mismatch = await postForm("/reset-password", {
      token: token!,
      password: "new-password-1",
      confirmPassword: "other-password",
    });
    expect(mismatch.status).toBe(400);
    const reset = await postForm("/reset-password", {
      token: token!,
      password: "new-password-1",
      confirmPassword: "new-password-1",
    });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/login");

    await expect(signIn(server, email, "old-password-1")).rejects.toThrow(/401/);
    await expect(signIn(server, email, "new-password-1")).resolves.toContain("session_token");
    const oldSession = await server.fetch("/deals", { headers: { cookie: older } });
    expect(oldSession.status).toBe(401);
  });
});

describe("sign-in safety", () => {
  it("gives the same error for an unknown e-mail and a wrong password", async () => {
    await createUserWithPassword(server.app, "known@example.com", "known-password-1");
    const unknown = await signInJson("unknown@example.com", "whatever-password", "198.51.100.1");
    const wrong = await signInJson("known@example.com", "wrong-password-1", "198.51.100.1");
    expect(unknown.status).toBe(wrong.status);
    const [a, b] = [await unknown.json(), await wrong.json()];
    expect(a.message).toBe(b.message);
    expect(a.code).toBe(b.code);

    const viaForm = await postForm(
      "/login",
      { intent: "password", email: "unknown@example.com", password: "whatever" },
      { forwardedFor: "198.51.100.2" },
    );
    const viaFormWrong = await postForm(
      "/login",
      { intent: "password", email: "known@example.com", password: "whatever" },
      { forwardedFor: "198.51.100.2" },
    );
    expect(viaForm.status).toBe(viaFormWrong.status);
    expect(await viaForm.text()).toContain(b.message);
    expect(await viaFormWrong.text()).toContain(b.message);
  });

  it("answers the 11th rapid bad sign-in with 429, counting in the database", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await signInJson("victim@example.com", `guess-${attempt}-password`, "203.0.113.77"))
          .status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const counters = await server.app.db.select({ key: rateLimit.key }).from(rateLimit);
    expect(counters.some((row) => row.key.startsWith("203.0.113.77"))).toBe(true);
    // Another address is not locked out (for another account: this one has used its own quota).
    expect(
      (await signInJson("bystander@example.com", "another-guess", "203.0.113.78")).status,
    ).toBe(401);
  });

  it("limits the login form too, not only the JSON endpoint", async () => {
    let last = 0;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      last = (
        await postForm(
          "/login",
          { intent: "password", email: "form-victim@example.com", password: `guess-${attempt}` },
          { forwardedFor: "203.0.113.90" },
        )
      ).status;
    }
    expect(last).toBe(429);
  });

  it("refuses a cross-site POST to an auth route", async () => {
    const response = await server.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ email: "admin@peptideprices.test", password: "admin-password" }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toHaveLength(0);
    const form = await server.fetch("/login", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
      },
      body: new URLSearchParams({
        intent: "password",
        email: "admin@peptideprices.test",
        password: "admin-password",
      }),
    });
    expect(form.status).toBe(403);
  });

  it("marks the session cookie Secure when the site runs under https", async () => {
    const auth = createAuth({
      db: server.app.db,
      env: server.app.env,
      mailer: server.app.mailer,
      secret: "test-secret-test-secret-test-secret-0123",
      baseUrl: "https://peptideprices.example",
    });
    const response = await auth.handler(
      new Request("https://peptideprices.example/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://peptideprices.example" },
        body: JSON.stringify({ email: "admin@peptideprices.test", password: "admin-password" }),
      }),
    );
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((value) => value.includes("session_token"));
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe("REQUIRE_EMAIL_VERIFICATION=true, without demo data", () => {
  it("makes sign-in wait for the confirmation link, and /login shows no demo hint", async () => {
    const strict = await startTestServer({
      SMTP_URL: smtp.url,
      REQUIRE_EMAIL_VERIFICATION: "true",
      SEED_DEMO: "false",
    });
    try {
      const loginPage = await readHtml(await strict.fetch("/login"));
      expect(loginPage).toContain("Forgot password?");
      expect(loginPage).not.toContain("Demo credentials");
      const email = "strict@example.com";
      const password = "strict-password-1";
      const form = (path: string, fields: Record<string, string>) =>
        strict.fetch(path, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: strict.baseUrl },
          body: new URLSearchParams(fields),
        });
      expect(
        (await form("/signup", { intent: "password", email, password, confirmPassword: password }))
          .status,
      ).toBe(302);
      const early = await form("/login", { intent: "password", email, password });
      expect(early.status).toBe(403);
      expect(await early.text()).toMatch(/not verified/i);

      const mail = await smtp.waitForMessage((message) => message.to.includes(email));
      expect((await fetch(firstLink(mail), { redirect: "manual" })).status).toBe(302);
      const later = await form("/login", { intent: "password", email, password });
      expect(later.status).toBe(302);
      const html = await readHtml(
        await strict.fetch("/", { headers: { cookie: cookieHeaderFrom(later) } }),
      );
      expect(html).toContain("Hello, strict");
    } finally {
      await strict.close();
    }
  });
});
