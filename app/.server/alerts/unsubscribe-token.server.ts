import crypto from "node:crypto";

/** What an unsubscribe link switches off: one alert's e-mails, or all of a user's alert e-mails. */
export type UnsubscribeScope =
  { kind: "alert"; alertId: string } | { kind: "user"; userId: string };

/** A key of its own, so no other signature made with the app's secret passes as an unsubscribe token. */
function signingKey(secret: string): Buffer {
  return crypto.createHmac("sha256", secret).update("price-alert-unsubscribe").digest();
}

function encodeScope(scope: UnsubscribeScope): string {
  return scope.kind === "alert" ? `alert:${scope.alertId}` : `user:${scope.userId}`;
}

function signature(secret: string, payload: string): Buffer {
  return crypto.createHmac("sha256", signingKey(secret)).update(payload).digest();
}

/** A token for a one-click unsubscribe link: the scope and its HMAC-SHA256, base64url. */
export function signUnsubscribeToken(secret: string, scope: UnsubscribeScope): string {
  const payload = encodeScope(scope);
  return `${Buffer.from(payload).toString("base64url")}.${signature(secret, payload).toString("base64url")}`;
}

/** The scope a token names when its signature is ours; null for anything tampered with. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeScope | null {
  const [encoded, signed, ...rest] = token.split(".");
  if (!encoded || !signed || rest.length > 0) return null;
  const payload = Buffer.from(encoded, "base64url").toString("utf8");
  // Only the one spelling we issue: base64 decoders skip stray characters.
  if (Buffer.from(payload).toString("base64url") !== encoded) return null;
  const expected = signature(secret, payload).toString("base64url");
  if (signed.length !== expected.length) return null;
  if (!crypto.timingSafeEqual(Buffer.from(signed), Buffer.from(expected))) return null;
  const [kind, id, ...extra] = payload.split(":");
  if (!id || extra.length > 0) return null;
  if (kind === "alert") return { kind, alertId: id };
  if (kind === "user") return { kind, userId: id };
  return null;
}
