import { adminUsers, user } from "~/.server/db/schema";
import type { AppContext } from "~/.server/platform/context.server";
import { createPasswordAccount } from "~/.server/seed/demo.server";

import type { TestServer } from "./server";

/** Just the cookie pairs of a response's Set-Cookie headers, ready for a `cookie` request header. */
export function cookieHeaderFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Signs up through better-auth's endpoint; returns its response (the account is unverified). */
export async function signUp(
  server: TestServer,
  email: string,
  password: string,
): Promise<Response> {
  return server.fetch("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email, password, name: email.split("@")[0] }),
  });
}

/** Signs in through better-auth's endpoint and returns the session cookie header; throws on failure. */
export async function signIn(server: TestServer, email: string, password: string): Promise<string> {
  const response = await server.fetch("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) {
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  }
  const cookie = cookieHeaderFrom(response);
  if (!cookie) throw new Error(`sign-in of ${email} returned no session cookie`);
  return cookie;
}

/** A verified e-mail + password account, optionally an admin (a row in admin_users); returns its id. */
export async function createUserWithPassword(
  app: Pick<AppContext, "db" | "auth">,
  email: string,
  password: string,
  options: { admin?: boolean } = {},
): Promise<string> {
  const userId = await createPasswordAccount(app.db, app.auth, email, password);
  if (options.admin) {
    await app.db.insert(adminUsers).values({ email, userId }).onConflictDoNothing();
  }
  return userId;
}

/**
 * A verified account with no password, for tests that never sign in (alert watchers): one
 * insert, no password hash, so a test can make many.
 */
export async function createVerifiedUser(
  app: Pick<AppContext, "db">,
  email: string,
): Promise<string> {
  const userId = crypto.randomUUID();
  await app.db
    .insert(user)
    .values({ id: userId, email, name: email.split("@")[0] ?? "user", emailVerified: true });
  return userId;
}

/** A source of fresh accounts for one test file: `<prefix>-1@example.com`, `<prefix>-2@…`. */
export function accountMaker(app: Pick<AppContext, "db" | "auth">, prefix: string) {
  let made = 0;
  return async (): Promise<{ userId: string; email: string }> => {
    made += 1;
    const email = `${prefix}-${made}@example.com`;
    return { userId: await createUserWithPassword(app, email, `${prefix}-password`), email };
  };
}

/** A page's HTML without the empty comments React puts between adjacent text nodes ("Hello, <!-- -->ann"). */
export async function readHtml(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}
