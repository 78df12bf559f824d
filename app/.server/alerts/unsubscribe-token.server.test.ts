import { describe, expect, it } from "vitest";

import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.server";

const SECRET = "a".repeat(64);

describe("unsubscribe tokens", () => {
  it("verifies its own signature for an alert and for a user", () => {
    const alert = signUnsubscribeToken(SECRET, {
      kind: "alert",
      alertId: "0b7c1f3e-1111-4222-8333-944455556666",
    });
    expect(verifyUnsubscribeToken(SECRET, alert)).toEqual({
      kind: "alert",
      alertId: "0b7c1f3e-1111-4222-8333-944455556666",
    });
    const user = signUnsubscribeToken(SECRET, { kind: "user", userId: "user-42" });
    expect(verifyUnsubscribeToken(SECRET, user)).toEqual({ kind: "user", userId: "user-42" });
  });

  it("refuses a tampered payload, a tampered signature, another secret and garbage", () => {
    const token = signUnsubscribeToken(SECRET, { kind: "alert", alertId: "alert-1" });
    const [payload, signature] = token.split(".");
    const otherPayload = Buffer.from("alert:alert-2").toString("base64url");
    expect(verifyUnsubscribeToken(SECRET, `${otherPayload}.${signature}`)).toBeNull();
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("A") ? "B" : "A"}${signature.slice(-1)}`;
    expect(verifyUnsubscribeToken(SECRET, `${payload}.${flipped}`)).toBeNull();
    expect(verifyUnsubscribeToken("b".repeat(64), token)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, "")).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${payload}`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${token}.extra`)).toBeNull();
    // Another spelling of the same bytes is refused too (decoders skip stray characters).
    expect(verifyUnsubscribeToken(SECRET, `${payload}x.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${payload}.${signature}x`)).toBeNull();
  });
});
