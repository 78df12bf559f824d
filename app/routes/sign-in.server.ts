import { isAdminUser } from "~/.server/data/admin-users.server";
import { deleteSessionByToken } from "~/.server/data/sessions.server";
import type { AppContext } from "~/.server/platform/context.server";
import { DEMO_ADMIN, DEMO_USER } from "~/.server/seed/demo-data";
import { isDemoInstalled } from "~/.server/seed/demo.server";
import {
  AFTER_SIGN_IN,
  authFormAction,
  authRefusal,
  guardAuthAction,
  providerButtons,
  redirectWithFlash,
} from "~/.server/services/auth-actions.server";
import { authErrorMessage, callAuthEndpoint, getSessionUser } from "~/.server/services/auth.server";
import { actionSuccess, failure } from "~/lib/action-result";
import { adminReturnPath } from "~/lib/admin-session";
import { usernameFromEmail } from "~/lib/format";
import {
  adminCredentialsSchema,
  AUTH_MESSAGES,
  credentialsSchema,
  EMAIL_CONFIRMED_PARAM,
  forgotPasswordSchema,
  INVALID_RESET_LINK,
  loginErrorFromCode,
  resetPasswordSchema,
  signUpSchema,
} from "~/lib/forms/auth";
import { sameSitePath } from "~/lib/site-path";

/** The sign-in pages' loaders and actions; each route module hands its request to one of these. */

export async function loginLoader(app: AppContext, request: Request) {
  const url = new URL(request.url);
  // The e-mail confirmation link's landing: said once, as a flash, on a clean /login.
  if (url.searchParams.has(EMAIL_CONFIRMED_PARAM)) {
    return redirectWithFlash(
      app,
      "/login",
      url.searchParams.has("error")
        ? { kind: "error", message: AUTH_MESSAGES.confirmationLinkInvalid }
        : { kind: "success", message: AUTH_MESSAGES.emailConfirmed },
    );
  }
  // Back from a social provider with a session: the same welcome as a password sign-in.
  if (url.searchParams.has("signedIn") && (await getSessionUser(app, request))) {
    return redirectWithFlash(
      app,
      sameSitePath(url.searchParams.get("redirectTo"), app.baseUrl) ?? AFTER_SIGN_IN,
      { kind: "success", message: AUTH_MESSAGES.loggedIn },
    );
  }
  return {
    demoCredentials: (await isDemoInstalled(app.db))
      ? { user: DEMO_USER, admin: DEMO_ADMIN }
      : null,
    providers: providerButtons(app),
    socialError: loginErrorFromCode(url.searchParams.get("error")),
  };
}

export function loginAction(app: AppContext, request: Request) {
  const form = { schema: credentialsSchema, socialFailureTitle: AUTH_MESSAGES.socialLoginError };
  return authFormAction(app, request, form, ({ email, password, redirectTo }) =>
    guardAuthAction(app, "login", AUTH_MESSAGES.loginError, async () => {
      const result = await callAuthEndpoint(app, request, "/sign-in/email", { email, password });
      if (!result.ok) {
        app.logger.info({ status: result.status }, "login failed");
        return authRefusal(result, AUTH_MESSAGES.loginError, 401);
      }
      return redirectWithFlash(
        app,
        sameSitePath(redirectTo, app.baseUrl) ?? AFTER_SIGN_IN,
        { kind: "success", message: AUTH_MESSAGES.loggedIn },
        result.setCookies,
      );
    }),
  );
}

export function signUpAction(app: AppContext, request: Request) {
  const form = { schema: signUpSchema, socialFailureTitle: AUTH_MESSAGES.socialSignUpError };
  return authFormAction(app, request, form, ({ email, password }) =>
    guardAuthAction(app, "sign-up", AUTH_MESSAGES.signUpError, async () => {
      const result = await callAuthEndpoint(app, request, "/sign-up/email", {
        email,
        password,
        name: usernameFromEmail(email),
        callbackURL: `/login?${EMAIL_CONFIRMED_PARAM}=1`,
      });
      if (!result.ok) return authRefusal(result, AUTH_MESSAGES.signUpError, 400);
      // autoSignIn is off: the account signs in after confirming (or at once when not required).
      return redirectWithFlash(app, "/login", {
        kind: "success",
        message: AUTH_MESSAGES.checkEmail,
      });
    }),
  );
}

export function forgotPasswordAction(app: AppContext, request: Request) {
  return authFormAction(app, request, { schema: forgotPasswordSchema }, async ({ email }) => {
    try {
      const result = await callAuthEndpoint(app, request, "/request-password-reset", {
        email,
        redirectTo: "/reset-password",
      });
      if (result.status === 429) return failure(AUTH_MESSAGES.tooManyAttempts, 429);
      if (!result.ok) app.logger.warn({ status: result.status }, "password reset request failed");
    } catch (error) {
      app.logger.error({ err: error }, "password reset request crashed");
    }
    // The same answer whether or not the account exists, so the form reveals nothing.
    return actionSuccess(AUTH_MESSAGES.resetRequested);
  });
}

/** better-auth's e-mailed link lands on /reset-password as ?token=… (or ?error=INVALID_TOKEN). */
export function resetPasswordLoader(request: Request) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: url.searchParams.has("error") ? null : token };
}

export function resetPasswordAction(app: AppContext, request: Request) {
  const crashed = "An error occurred while resetting the password";
  return authFormAction(app, request, { schema: resetPasswordSchema }, ({ token, password }) =>
    guardAuthAction(app, "password reset", crashed, async () => {
      const result = await callAuthEndpoint(app, request, "/reset-password", {
        newPassword: password,
        token,
      });
      if (!result.ok) {
        const message =
          result.body?.code === "INVALID_TOKEN"
            ? INVALID_RESET_LINK
            : authErrorMessage(result, INVALID_RESET_LINK);
        return failure(message, result.status === 429 ? 429 : 400);
      }
      return redirectWithFlash(app, "/login", {
        kind: "success",
        message: AUTH_MESSAGES.passwordReset,
      });
    }),
  );
}

export function adminLoginAction(app: AppContext, request: Request) {
  const form = { schema: adminCredentialsSchema };
  return authFormAction(app, request, form, ({ email, password }) =>
    guardAuthAction(app, "admin login", AUTH_MESSAGES.loginError, async () => {
      const result = await callAuthEndpoint(app, request, "/sign-in/email", { email, password });
      if (result.status === 429) return failure(AUTH_MESSAGES.tooManyAttempts, 429);
      const signedIn = result.body as { token?: string; user?: { id?: string } } | null;
      const userId = signedIn?.user?.id;
      if (!result.ok || !userId) {
        app.logger.info({ status: result.status }, "admin login failed");
        return failure(AUTH_MESSAGES.invalidAdminCredentials, 401);
      }
      if (!(await isAdminUser(app.db, userId))) {
        // The password was right but the account is no admin: end the session just made and
        // send no cookie, so the visitor leaves this page exactly as signed-in (or not) as before.
        if (signedIn?.token) await deleteSessionByToken(app.db, signedIn.token);
        app.logger.warn({ userId }, "admin login refused for a non-admin account");
        return failure(AUTH_MESSAGES.invalidAdminCredentials, 403);
      }
      return redirectWithFlash(
        app,
        // Back to the admin page the session expired on (admin-session.ts keeps it on our site).
        adminReturnPath(new URL(request.url).searchParams.get("redirectTo"), app.baseUrl),
        { kind: "success", message: AUTH_MESSAGES.loggedInAsAdmin },
        result.setCookies,
      );
    }),
  );
}
