import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import { data } from "react-router";

import type { Database } from "./db/client";
import * as schema from "./db/schema";
import type { Env } from "./env";
import type { Mailer } from "./mail.server";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export interface AuthDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  secret: string;
  baseUrl: string;
}

function socialProviders(env: Env) {
  const providers: Record<string, { clientId: string; clientSecret: string }> = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    providers.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET)
    providers.facebook = {
      clientId: env.FACEBOOK_CLIENT_ID,
      clientSecret: env.FACEBOOK_CLIENT_SECRET,
    };
  if (env.TWITTER_CLIENT_ID && env.TWITTER_CLIENT_SECRET)
    providers.twitter = { clientId: env.TWITTER_CLIENT_ID, clientSecret: env.TWITTER_CLIENT_SECRET };
  return providers;
}

export function createAuth({ db, env, mailer, secret, baseUrl }: AuthDeps) {
  return betterAuth({
    appName: "PeptidePrices",
    secret,
    baseURL: baseUrl,
    basePath: "/api/auth",
    trustedOrigins: [baseUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: "Reset your PeptidePrices password",
          text: `Someone asked to reset the password of your PeptidePrices account.\n\nSet a new password here: ${url}\n\nIf it was not you, ignore this e-mail.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: "Confirm your PeptidePrices account",
          text: `Welcome to PeptidePrices.\n\nConfirm your e-mail address here: ${url}`,
        });
      },
    },
    socialProviders: socialProviders(env),
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 5 },
      },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            await db
              .update(schema.user)
              .set({ lastLoginAt: new Date() })
              .where(eq(schema.user.id, session.userId));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

export async function isAdminUser(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: schema.adminUsers.id })
    .from(schema.adminUsers)
    .where(eq(schema.adminUsers.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** The signed-in user and whether the server counts them as admin; null for visitors. */
export async function getSessionUser(
  deps: { auth: Auth; db: Database },
  request: Request,
): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return null;
  const result = await deps.auth.api.getSession({ headers: request.headers });
  if (!result) return null;
  const { user } = result;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isAdmin: await isAdminUser(deps.db, user.id),
  };
}

export const ADMIN_ACCESS_REQUIRED = "Admin Access Required";

/** Every admin loader and action calls this first: the server, not the client, decides. */
export async function requireAdmin(
  deps: { auth: Auth; db: Database },
  request: Request,
): Promise<SessionUser> {
  const user = await getSessionUser(deps, request);
  if (!user?.isAdmin) {
    throw data({ error: ADMIN_ACCESS_REQUIRED }, { status: 403 });
  }
  return user;
}

export async function requireUser(
  deps: { auth: Auth; db: Database },
  request: Request,
): Promise<SessionUser> {
  const user = await getSessionUser(deps, request);
  if (!user) throw data({ error: "Login Required" }, { status: 401 });
  return user;
}
