import { z } from "zod";

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
  resetRequested:
    "If an account exists for that e-mail, we have sent a link to reset its password. Check your inbox.",
  passwordReset: "Your password has been changed. Log in with the new password.",
  invalidEmail: "Please enter a valid email address",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
} as const;

/** What the admin area answers (status 403) to anyone the server does not count as admin. */
export const ADMIN_ACCESS_REQUIRED = "Admin Access Required";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The sign-up and reset forms' length rule (better-auth enforces the same bounds); null when it holds. */
export function passwordLengthError(password: string): string | null {
  return password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH
    ? `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`
    : null;
}

const text = z.string().trim().default("");

export const credentialsSchema = z.object({ email: text, password: z.string().default("") });

export const socialSchema = z.object({ provider: z.string().trim().min(1).max(40) });

export const signUpSchema = z.object({
  email: text,
  password: z.string().default(""),
  confirmPassword: z.string().default(""),
});

export const forgotPasswordSchema = z.object({ email: text });

export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1),
  password: z.string().default(""),
  confirmPassword: z.string().default(""),
});
