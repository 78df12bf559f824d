import { describe, expect, it } from "vitest";

import {
  AUTH_MESSAGES,
  credentialsSchema,
  EMAIL_MAX_LENGTH,
  LENGTH_MESSAGES,
  loginErrorFromCode,
  PASSWORD_MAX_LENGTH,
  signUpSchema,
} from "~/lib/forms/auth";

describe("loginErrorFromCode", () => {
  it("explains the codes it knows, whatever their letter case", () => {
    expect(loginErrorFromCode("access_denied")).toEqual({
      title: AUTH_MESSAGES.socialLoginError,
      description: "The sign-in was cancelled at the provider.",
    });
    expect(loginErrorFromCode("TOKEN_EXPIRED")?.description).toMatch(/expired/);
  });

  it("shows only SPEC.md's generic message for anything else, never the text itself", () => {
    const phishing = "Your account is locked. Call +1 555 0100 now";
    expect(loginErrorFromCode(phishing)).toEqual({
      title: AUTH_MESSAGES.socialLoginError,
      description: null,
    });
    expect(loginErrorFromCode("constructor")?.description).toBeNull();
  });

  it("shows nothing without a code", () => {
    expect(loginErrorFromCode(null)).toBeNull();
    expect(loginErrorFromCode(" ")).toBeNull();
  });
});

describe("credential bounds", () => {
  const longEmail = `${"a".repeat(EMAIL_MAX_LENGTH - 9)}@mail.test`;

  it("refuses an e-mail over 254 characters and a password over 128", () => {
    const tooLong = credentialsSchema.safeParse({ email: longEmail, password: "x" });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(LENGTH_MESSAGES.email);
    const password = signUpSchema.safeParse({
      email: "a@b.test",
      password: "p".repeat(PASSWORD_MAX_LENGTH + 1),
      confirmPassword: "",
    });
    expect(password.error?.issues[0]?.message).toBe(LENGTH_MESSAGES.password);
  });

  it("accepts the limits themselves", () => {
    expect(
      credentialsSchema.safeParse({
        email: longEmail.slice(1),
        password: "p".repeat(PASSWORD_MAX_LENGTH),
      }).success,
    ).toBe(true);
  });
});
