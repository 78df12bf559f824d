import { z } from "./zod";

/** SPEC.md §5's messages, shared by the sign-in forms and their actions. */
export const AUTH_MESSAGES = {
  missingCredentials: "Please enter both email and password",
  missingAdminCredentials: "Please enter both username and password",
  passwordsDoNotMatch: "Passwords do not match",
  invalidAdminCredentials: "Invalid admin credentials",
  loginError: "An error occurred during login",
  signUpError: "An error occurred during sign up",
  socialLoginError: "An error occurred during social login",
  socialSignUpError: "An error occurred during social sign up",
  loggedIn: "You have successfully logged in",
  loggedInAsAdmin: "You have successfully logged in as admin",
  checkEmail: "Check your email for the confirmation link",
  emailConfirmed: "Your e-mail address is confirmed. You can log in now.",
  confirmationLinkInvalid:
    "This confirmation link is invalid or has expired. Log in to be sent a new one.",
  resetRequested:
    "If an account exists for that e-mail, we have sent a link to reset its password. Check your inbox.",
  passwordReset: "Your password has been changed. Log in with the new password.",
  invalidEmail: "Please enter a valid email address",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
} as const;

/** What the admin area answers (status 403) to anyone the server does not count as admin. */
// Kept beside the admin session helpers, free of zod, so the root error page can show it.
export { ADMIN_ACCESS_REQUIRED } from "~/lib/admin-session";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321's limit for an address in a mail path. */
export const EMAIL_MAX_LENGTH = 254;

export const LENGTH_MESSAGES = {
  email: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
  password: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

const RETRY = "The sign-in could not be completed. Please try again.";
const LINK_WITH_PASSWORD =
  "An account with this e-mail already exists. Log in with its password first.";

/**
 * What /login says for the `?error=` codes better-auth and the providers send back. Any other
 * value gets SPEC.md's generic message alone: the page never repeats text from its address.
 */
const LOGIN_ERROR_DESCRIPTIONS: Record<string, string> = {
  access_denied: "The sign-in was cancelled at the provider.",
  state_mismatch: RETRY,
  state_not_found: RETRY,
  please_restart_the_process: RETRY,
  invalid_code: RETRY,
  no_code: RETRY,
  email_not_found: "The provider did not share an e-mail address, which an account needs.",
  email_does_not_match: LINK_WITH_PASSWORD,
  account_not_linked: LINK_WITH_PASSWORD,
  unable_to_link_account: LINK_WITH_PASSWORD,
  account_already_linked_to_different_user:
    "That provider account is already linked to another account.",
  signup_disabled: "New accounts cannot be created right now.",
  email_not_verified: "Please confirm your e-mail address first: we have sent you a link.",
  token_expired: "That link has expired. Log in to receive a new one.",
  invalid_token: "That link is not valid. Log in to receive a new one.",
};

/**
 * The mark on the e-mail confirmation link's landing (/login?emailConfirmed=1): better-auth sends
 * the confirmed visitor there, on the first click and on every later one, and adds `error` when
 * the link is invalid or expired.
 */
export const EMAIL_CONFIRMED_PARAM = "emailConfirmed";

/** The error a /login address may show: SPEC.md's title, and a description for known codes only. */
export function loginErrorFromCode(code: string | null): {
  title: string;
  description: string | null;
} | null {
  if (code === null || code.trim() === "") return null;
  const description = Object.hasOwn(LOGIN_ERROR_DESCRIPTIONS, code.toLowerCase())
    ? LOGIN_ERROR_DESCRIPTIONS[code.toLowerCase()]
    : null;
  return { title: AUTH_MESSAGES.socialLoginError, description };
}

/** The sign-up and reset forms' length rule (better-auth enforces the same bounds); null when it holds. */
export function passwordLengthError(password: string): string | null {
  return password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH
    ? `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`
    : null;
}

/** What the reset form answers when its link's token is missing, used or expired. */
export const INVALID_RESET_LINK = "This reset link is invalid or has expired. Ask for a new one.";
const ENTER_EMAIL = "Please enter your email";
const ENTER_NEW_PASSWORD = "Please enter a new password";

const text = z.string().trim().default("");
const email = text.pipe(z.string().max(EMAIL_MAX_LENGTH, LENGTH_MESSAGES.email));
const password = z.string().max(PASSWORD_MAX_LENGTH, LENGTH_MESSAGES.password).default("");

/**
 * Each of e-mail and password left empty gets `message`. A refinement rather than a minimum on
 * the fields, so that a field's own issue (too long) stays the first message, as the action says.
 */
function requireCredentials(
  value: { email: string; password: string },
  ctx: z.RefinementCtx,
  message: string,
) {
  for (const field of ["email", "password"] as const) {
    if (!value[field]) ctx.addIssue({ code: "custom", path: [field], message });
  }
}

/** The login form, checked by the page before posting and by the action. */
export const credentialsSchema = z
  .object({ email, password, redirectTo: z.string().optional() })
  .superRefine((value, ctx) => requireCredentials(value, ctx, AUTH_MESSAGES.missingCredentials));

/** The admin login answers one message for any bad input, naming no rule. */
const adminCredential = (max: number) =>
  z
    .string()
    .min(1, AUTH_MESSAGES.missingAdminCredentials)
    .max(max, AUTH_MESSAGES.missingAdminCredentials);

export const adminCredentialsSchema = z.object({
  email: text.pipe(adminCredential(EMAIL_MAX_LENGTH)),
  password: z.string().default("").pipe(adminCredential(PASSWORD_MAX_LENGTH)),
});

export const socialSchema = z.object({
  provider: z.string().trim().min(1).max(40),
  redirectTo: z.string().max(2048).optional(),
});

/** The new password and its confirmation: they match, and the length better-auth accepts. */
function requireNewPassword(
  value: { password: string; confirmPassword: string },
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({
      code: "custom",
      path: ["confirmPassword"],
      message: AUTH_MESSAGES.passwordsDoNotMatch,
    });
  }
}

function requirePasswordLength(value: { password: string }, ctx: z.RefinementCtx) {
  const lengthError = passwordLengthError(value.password);
  if (lengthError) ctx.addIssue({ code: "custom", path: ["password"], message: lengthError });
}

/** The sign-up form; its issues come in the order the action has always checked them. */
export const signUpSchema = z
  .object({ email, password, confirmPassword: password })
  .superRefine((value, ctx) => {
    if (!value.email || !value.password) {
      requireCredentials(value, ctx, AUTH_MESSAGES.missingCredentials);
      return;
    }
    requireNewPassword(value, ctx);
    if (!z.email().safeParse(value.email).success) {
      ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.invalidEmail });
    }
    requirePasswordLength(value, ctx);
  });

export const forgotPasswordSchema = z.object({
  email: text.pipe(z.string().min(1, ENTER_EMAIL).max(EMAIL_MAX_LENGTH, ENTER_EMAIL)),
});

export const resetPasswordSchema = z
  .object({
    token: z.string(INVALID_RESET_LINK).trim().min(1, INVALID_RESET_LINK),
    password: z.string().default(""),
    confirmPassword: z.string().default(""),
  })
  .superRefine((value, ctx) => {
    if (!value.password) {
      ctx.addIssue({ code: "custom", path: ["password"], message: ENTER_NEW_PASSWORD });
      return;
    }
    requireNewPassword(value, ctx);
    requirePasswordLength(value, ctx);
  });
