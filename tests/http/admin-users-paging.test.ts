import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let adminCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  for (let n = 0; n < 30; n += 1) {
    await createUserWithPassword(
      server.app,
      `paging-${String(n).padStart(2, "0")}@example.com`,
      "paging-password-1",
    );
  }
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
});
afterAll(async () => {
  await server?.close();
});

const usersPage = async (search: string) => {
  const response = await server.fetch(`/admin/users${search}`, {
    headers: { cookie: adminCookie },
  });
  expect(response.status).toBe(200);
  return readHtml(response);
};

const emailsIn = (html: string) =>
  [...html.matchAll(/paging-(\d\d)@example\.com/g)].map((m) => m[1]);

describe("the users page", () => {
  it("sends one page of 25 rows, sorted on the server, with the total", async () => {
    const html = await usersPage("?q=paging-&sort=email");
    expect(new Set(emailsIn(html)).size).toBe(25);
    expect(emailsIn(html)[0]).toBe("00");
    expect(html).toContain("30 users");
    expect(html).toContain("Page 1 of 2");
    expect(html).toContain('href="/admin/users?q=paging-&amp;sort=email&amp;page=2"');
  });

  it("sorts descending on the second click and keeps the search", async () => {
    const html = await usersPage("?q=paging-&sort=email&dir=desc");
    expect(emailsIn(html)[0]).toBe("29");
    expect(html).toContain('href="/admin/users?q=paging-&amp;sort=email"');
  });

  it("brings a page past the end back to the last page, and survives malformed parameters", async () => {
    const html = await usersPage("?q=paging-&sort=email&page=99");
    expect(html).toContain("Page 2 of 2");
    expect(new Set(emailsIn(html)).size).toBe(5);
    const odd = await usersPage(`?sort=password&dir=sideways&page=-3&q=${"x".repeat(400)}`);
    expect(odd).toContain("No users found.");
  });
});

describe("signing in again after the session expired", () => {
  it("links to the admin login with the page, and the login returns there", async () => {
    const refused = await server.fetch("/admin/users?q=paging-");
    expect(refused.status).toBe(403);
    expect(await readHtml(refused)).toContain(
      'href="/admin-login?redirectTo=%2Fadmin%2Fusers%3Fq%3Dpaging-"',
    );
    const login = await server.postForm("/admin-login?redirectTo=%2Fadmin%2Fusers%3Fq%3Dpaging-", {
      email: "admin@peptideprices.test",
      password: "admin-password",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/admin/users?q=paging-");
  });

  it("never returns off the admin pages", async () => {
    const login = await server.postForm("/admin-login?redirectTo=%2F%2Fevil.test%2Fadmin", {
      email: "admin@peptideprices.test",
      password: "admin-password",
    });
    expect(login.headers.get("location")).toBe("/admin");
  });
});
