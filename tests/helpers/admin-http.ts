import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";

import { user } from "~/.server/db/schema";

import { createUserWithPassword, readHtml, signIn } from "./auth";
import { startTestServer, type FormFields, type TestServer } from "./server";

/** The demo data's admin account. */
export const DEMO_ADMIN = { email: "admin@peptideprices.test", password: "admin-password" };

/** What an action or page answered: its status and body. */
export interface Answer {
  status: number;
  text: string;
}

export interface AdminHttp {
  readonly server: TestServer;
  /** The demo admin's session cookie. */
  readonly adminCookie: string;
  /** The demo admin's user id. */
  readonly adminId: string;
  /** The session cookie of the file's plain (non-admin) user; only with `plainUser`. */
  readonly userCookie: string;
  /** The plain user's id; only with `plainUser`. */
  readonly userId: string;
  db: () => TestServer["app"]["db"];
  /** Submits a form to a route's action as the admin, or with `cookie` (null: signed out). */
  post: (path: string, fields: FormFields, cookie?: string | null) => Promise<Answer>;
  /** A page as the admin, or with `cookie` (null: signed out), without React's text separators. */
  get: (path: string, cookie?: string | null) => Promise<Answer>;
}

/**
 * One HTTP test file's admin session: the server, the demo admin signed in and, with
 * `plainUser`, a signed-in account that is not an admin, each started and closed by the file's
 * hooks (sign-in is rate limited, so a file signs in once). A file's own `beforeAll` hooks run
 * after these, with the server up.
 */
export function startAdminHttp(
  options: {
    plainUser?: { email: string; password: string };
    serverEnv?: Record<string, string>;
  } = {},
): AdminHttp {
  let server: TestServer;
  let adminCookie: string;
  let adminId: string;
  let userCookie: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer(options.serverEnv);
    adminCookie = await signIn(server, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const [admin] = await server.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, DEMO_ADMIN.email));
    adminId = admin!.id;
    if (options.plainUser) {
      const { email, password } = options.plainUser;
      userId = await createUserWithPassword(server.app, email, password);
      userCookie = await signIn(server, email, password);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const headersFor = (cookie: string | null | undefined): Record<string, string> => {
    const sent = cookie === undefined ? adminCookie : cookie;
    return sent ? { cookie: sent } : {};
  };
  return {
    get server() {
      return server;
    },
    get adminCookie() {
      return adminCookie;
    },
    get adminId() {
      return adminId;
    },
    get userCookie() {
      return userCookie;
    },
    get userId() {
      return userId;
    },
    db: () => server.app.db,
    post: async (path, fields, cookie) => {
      const response = await server.postForm(path, fields, { headers: headersFor(cookie) });
      return { status: response.status, text: await response.text() };
    },
    get: async (path, cookie) => {
      const response = await server.fetch(path, { headers: headersFor(cookie) });
      return { status: response.status, text: await readHtml(response) };
    },
  };
}
