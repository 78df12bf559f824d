/**
 * better-auth set up for this app: adapters, providers, hooks (admin grant, per-address limits)
 * and session helpers. Over 400 lines by a few, kept whole: the hooks close over the same
 * options object better-auth is built from, so moving them out would pass that object around.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import crypto from "node:crypto";

import { data } from "react-router";

import {
  ADMIN_ACCESS_REQUIRED,
  AUTH_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "~/lib/forms/auth";

import type { BackgroundTasks } from "../platform/background.server";
import { grantAdminByEmail, isAdminUser, updateUserLastLogin } from "../data/admin-users.server";
import { databaseRateLimiter } from "../data/rate-limits.server";
import {
  deletePasswordResetVerifications,
  RESET_PASSWORD_PREFIX,
} from "../data/verifications.server";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import {
  CLIENT_IP_HEADER,
  consumeAddressLimit,
  type AddressLimited,
} from "./address-limits.server";
import type { Env } from "../platform/env";
import type { Mailer } from "../platform/mail.server";

export { CLIENT_IP_HEADER };

/** The social sign-in buttons SPEC.md names, plus a generic OpenID Connect provider when configured. */
export const SOCIAL_PROVIDERS = ["google", "facebook", "twitter"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const OIDC_PROVIDER_ID = "oidc";

export interface AuthDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  secret: string;
  baseUrl: string;
  /** Where mail sending runs without holding up the answer; without it, requests wait for it. */
  background?: BackgroundTasks;
}

/**
 * Verification identifiers (reset tokens, OAuth state) are stored as SHA-256 hashes, so a
 * copy of the database opens no account; the "reset-password:" prefix stays readable so a
 * reset can void the account's other reset links.
 */
async function hashVerificationIdentifier(identifier: string): Promise<string> {
  const prefix = identifier.startsWith(RESET_PASSWORD_PREFIX) ? RESET_PASSWORD_PREFIX : "";
  const digest = crypto.createHash("sha256").update(identifier).digest("base64url");
  return `${prefix}${digest}`;
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
    providers.twitter = {
      clientId: env.TWITTER_CLIENT_ID,
      clientSecret: env.TWITTER_CLIENT_SECRET,
    };
  return providers;
}

/** Which sign-in providers this install can offer; the pages hide or explain the others. */
export function configuredProviders(env: Env): { social: SocialProvider[]; oidc: string | null } {
  const providers = socialProviders(env);
  return {
    social: SOCIAL_PROVIDERS.filter((provider) => provider in providers),
    oidc: oidcConfig(env) ? env.OIDC_PROVIDER_NAME : null,
  };
}

function oidcConfig(env: Env) {
  if (!env.OIDC_ISSUER_URL || !env.OIDC_CLIENT_ID) return null;
  return {
    providerId: OIDC_PROVIDER_ID,
    discoveryUrl: `${env.OIDC_ISSUER_URL.replace(/\/$/, "")}/.well-known/openid-configuration`,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    scopes: ["openid", "email", "profile"],
    pkce: true,
  };
}

/**
 * Sign-in attempts per account, whatever address they come from: rotating addresses does not
 * buy an attacker more guesses at one password than the per-address limit gives.
 */
/** better-auth endpoints with a per-address limit of their own (address-limits.server.ts). */
const ADDRESS_LIMITED_PATHS: Record<string, AddressLimited> = {
  "/sign-up/email": "sign-up",
  "/request-password-reset": "password-reset",
};

export const ACCOUNT_SIGN_IN_LIMIT = { windowSeconds: 60, max: 10 };

function accountSignInKey(email: string): string {
  return `account:${email.trim().toLowerCase()}/sign-in/email`;
}

export function createAuth({ db, env, mailer, secret, baseUrl, background }: AuthDeps) {
  const oidc = oidcConfig(env);
  /** ADMIN_EMAILS counts once the address is proven: on confirmation, or a provider's verified e-mail. */
  const grantIfAdminEmail = async (account: { email: string; emailVerified: boolean }) => {
    if (account.emailVerified && env.ADMIN_EMAILS.includes(account.email.toLowerCase())) {
      await grantAdminByEmail(db, [account.email], { verifiedOnly: true });
    }
  };
  return betterAuth({
    appName: "PeptidePrices",
    logger: { disabled: env.LOG_LEVEL === "silent" },
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
      revokeSessionsOnPasswordReset: true,
      // The link just used is gone already; every other reset link of the account goes with it.
      onPasswordReset: async ({ user }) => {
        await deletePasswordResetVerifications(db, user.id);
      },
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
      afterEmailVerification: grantIfAdminEmail,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: "Confirm your PeptidePrices account",
          text: `Welcome to PeptidePrices.\n\nConfirm your e-mail address here: ${url}`,
        });
      },
    },
    verification: { storeIdentifier: { hash: hashVerificationIdentifier } },
    socialProviders: socialProviders(env),
    plugins: oidc ? [genericOAuth({ config: [oidc] })] : [],
    // OAuth failures land on the login page, which turns ?error= into SPEC.md's toast.
    onAPIError: { errorURL: `${baseUrl}/login` },
    advanced: {
      ...(background ? { backgroundTasks: { handler: background.run } } : {}),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
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
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const addressLimited = ADDRESS_LIMITED_PATHS[ctx.path];
        if (addressLimited && ctx.headers) {
          if (!(await consumeAddressLimit({ db }, { headers: ctx.headers }, addressLimited))) {
            throw new APIError("TOO_MANY_REQUESTS", { message: AUTH_MESSAGES.tooManyAttempts });
          }
        }
        if (ctx.path !== "/sign-in/email") return;
        const email: unknown = ctx.body?.email;
        if (typeof email !== "string" || !email) return;
        const limiter = databaseRateLimiter(db, ACCOUNT_SIGN_IN_LIMIT);
        if (!(await limiter.consume(accountSignInKey(email))).allowed) {
          throw new APIError("TOO_MANY_REQUESTS", { message: AUTH_MESSAGES.tooManyAttempts });
        }
      }),
    },
    databaseHooks: {
      user: { create: { after: grantIfAdminEmail } },
      session: {
        create: {
          after: async (session) => {
            await updateUserLastLogin(db, session.userId);
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

// The root loader and the route's own loaders all ask about the same request: one lookup serves them.
const sessionUserByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user and whether the server counts them as admin; null for visitors. */
export function getSessionUser(
  deps: { auth: Auth; db: Database },
  request: Request,
): Promise<SessionUser | null> {
  let pending = sessionUserByRequest.get(request);
  if (!pending) {
    pending = lookUpSessionUser(deps, request);
    sessionUserByRequest.set(request, pending);
  }
  return pending;
}

async function lookUpSessionUser(
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

/** Drops every "token" field (session tokens, at any depth) from a JSON answer. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "token")
      .map(([key, item]) => [key, withoutTokens(item)]),
  );
}

/**
 * better-auth's endpoints as the browser reaches them at /api/auth/*. Its JSON answers carry
 * the session token (get-session, sign-in, list-sessions): it is taken out, so the token
 * lives only in the HttpOnly cookie and no script on the page can read it.
 */
export async function handleAuthRequest(auth: Auth, request: Request): Promise<Response> {
  const response = await auth.handler(request);
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const text = await response.text();
  let body: string = text;
  try {
    body = JSON.stringify(withoutTokens(JSON.parse(text)));
  } catch {
    // Not JSON after all: passed on as it came.
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

export interface AuthEndpointResult {
  status: number;
  ok: boolean;
  /** The endpoint's JSON answer ({ message } on errors), or null. */
  body: Record<string, unknown> | null;
  setCookies: string[];
}

/**
 * Runs one of better-auth's endpoints for a page's form action through its whole HTTP
 * pipeline (origin check, rate limit, cookies), as the visitor: their cookies and address.
 */
export async function callAuthEndpoint(
  app: { auth: Auth; baseUrl: string },
  request: Request,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthEndpointResult> {
  const headers = new Headers({ "content-type": "application/json", origin: app.baseUrl });
  for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await app.auth.handler(
    new Request(`${app.baseUrl}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  return {
    status: response.status,
    ok: response.ok,
    body: json,
    setCookies: response.headers.getSetCookie(),
  };
}

/** The provider's own error text, for SPEC.md's toast. */
export function authErrorMessage(result: AuthEndpointResult, fallback: string): string {
  if (result.status === 429) return AUTH_MESSAGES.tooManyAttempts;
  const message = result.body?.message;
  return typeof message === "string" && message ? message : fallback;
}

/** Response headers that hand better-auth's cookies (session, OAuth state) to the browser. */
export function headersWithCookies(setCookies: string[], init?: HeadersInit): Headers {
  const headers = new Headers(init);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  twitter: "Twitter",
};

/**
 * Starts an OAuth sign-in from a form post: better-auth answers the provider's authorization
 * URL and sets its state cookie; the caller redirects there with those cookies.
 * An unconfigured provider is a clear message, never a crash.
 */
export async function beginSocialSignIn(
  app: { auth: Auth; baseUrl: string; env: Env },
  request: Request,
  provider: string,
  /** A path on this site (already checked) to land on once signed in. */
  returnTo: string,
): Promise<{ ok: true; url: string; setCookies: string[] } | { ok: false; error: string }> {
  const configured = configuredProviders(app.env);
  const known =
    provider === OIDC_PROVIDER_ID || (SOCIAL_PROVIDERS as readonly string[]).includes(provider);
  if (!known) return { ok: false, error: "Unknown sign-in provider" };
  const available =
    provider === OIDC_PROVIDER_ID
      ? configured.oidc !== null
      : configured.social.includes(provider as SocialProvider);
  if (!available) {
    const label =
      provider === OIDC_PROVIDER_ID
        ? app.env.OIDC_PROVIDER_NAME
        : PROVIDER_LABELS[provider as SocialProvider];
    return { ok: false, error: `${label} sign-in is not configured` };
  }
  const result = await callAuthEndpoint(app, request, "/sign-in/social", {
    provider,
    callbackURL: `/login?${new URLSearchParams({ signedIn: "1", redirectTo: returnTo })}`,
    newUserCallbackURL: `/login?${new URLSearchParams({ signedIn: "1", redirectTo: returnTo })}`,
    errorCallbackURL: `/login?${new URLSearchParams({ redirectTo: returnTo })}`,
  });
  const url = result.body?.url;
  if (!result.ok || typeof url !== "string") {
    return { ok: false, error: authErrorMessage(result, "The provider did not answer") };
  }
  return { ok: true, url, setCookies: result.setCookies };
}
