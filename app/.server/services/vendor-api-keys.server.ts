/**
 * Vendor API keys (issue 33 Must 4): "ppk_<8 hex>_<secret>", shown once, kept as SHA-256; each
 * with its scopes and its own requests per minute (a fixed window counted on the key's row in
 * one atomic UPDATE, so every instance shares it). Revoked keys stop at once.
 */
import crypto from "node:crypto";

import { and, desc, eq, isNull, sql } from "drizzle-orm";

import { keyPrefix, type VendorApiScope } from "~/lib/vendor-accounts";

import type { Database } from "../db/client";
import { vendorApiKeys } from "../db/schema";

const WINDOW_MS = 60_000;

function hashKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

export async function createVendorApiKey(
  db: Database,
  input: {
    vendorId: string;
    name: string;
    scopes: VendorApiScope[];
    requestsPerMinute: number;
    createdBy: string;
  },
): Promise<{ id: string; key: string; prefix: string }> {
  const prefix = `ppk_${crypto.randomBytes(4).toString("hex")}`;
  const key = `${prefix}_${crypto.randomBytes(24).toString("base64url")}`;
  const [row] = await db
    .insert(vendorApiKeys)
    .values({ ...input, prefix, keyHash: hashKey(key) })
    .returning({ id: vendorApiKeys.id });
  return { id: row!.id, key, prefix };
}

/** Revokes one of the vendor's own keys; false when the vendor has no such live key. */
export async function revokeVendorApiKey(
  db: Database,
  vendorId: string,
  keyId: string,
): Promise<boolean> {
  const rows = await db
    .update(vendorApiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(vendorApiKeys.id, keyId),
        eq(vendorApiKeys.vendorId, vendorId),
        isNull(vendorApiKeys.revokedAt),
      ),
    )
    .returning({ id: vendorApiKeys.id });
  return rows.length > 0;
}

export async function listVendorApiKeys(db: Database, vendorId: string) {
  return db
    .select({
      id: vendorApiKeys.id,
      name: vendorApiKeys.name,
      prefix: vendorApiKeys.prefix,
      scopes: vendorApiKeys.scopes,
      requestsPerMinute: vendorApiKeys.requestsPerMinute,
      createdAt: vendorApiKeys.createdAt,
      lastUsedAt: vendorApiKeys.lastUsedAt,
      revokedAt: vendorApiKeys.revokedAt,
    })
    .from(vendorApiKeys)
    .where(eq(vendorApiKeys.vendorId, vendorId))
    .orderBy(desc(vendorApiKeys.createdAt));
}

export type ApiKeyCheck =
  | { ok: true; keyId: string; vendorId: string; prefix: string; createdBy: string }
  | { ok: false; status: 401 | 403; error: string }
  | { ok: false; status: 429; error: string; retryAfterSeconds: number };

/**
 * The key a request's `Authorization: Bearer` names, if live and holding `scope`; counts the
 * request against the key's per-minute budget (429 with the seconds until the window ends).
 */
export async function authenticateVendorKey(
  db: Database,
  authorization: string | null,
  scope: VendorApiScope,
  now = new Date(),
): Promise<ApiKeyCheck> {
  const key = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1] ?? "";
  const prefix = keyPrefix(key);
  if (!prefix) return { ok: false, status: 401, error: "A vendor API key is required" };
  const [row] = await db
    .select({
      id: vendorApiKeys.id,
      vendorId: vendorApiKeys.vendorId,
      keyHash: vendorApiKeys.keyHash,
      scopes: vendorApiKeys.scopes,
      revokedAt: vendorApiKeys.revokedAt,
      createdBy: vendorApiKeys.createdBy,
    })
    .from(vendorApiKeys)
    .where(eq(vendorApiKeys.prefix, prefix));
  const given = Buffer.from(hashKey(key), "hex");
  if (!row || row.revokedAt || !crypto.timingSafeEqual(given, Buffer.from(row.keyHash, "hex"))) {
    return { ok: false, status: 401, error: "The API key is not valid or was revoked" };
  }
  if (!row.scopes.includes(scope)) {
    return { ok: false, status: 403, error: `The API key lacks the ${scope} scope` };
  }
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const expired = sql`(${vendorApiKeys.windowStartedAt} is null or ${vendorApiKeys.windowStartedAt} <= ${windowStart})`;
  const [counted] = await db
    .update(vendorApiKeys)
    .set({
      windowStartedAt: sql`case when ${expired} then ${now} else ${vendorApiKeys.windowStartedAt} end`,
      windowCount: sql`case when ${expired} then 1 else ${vendorApiKeys.windowCount} + 1 end`,
      lastUsedAt: now,
    })
    .where(eq(vendorApiKeys.id, row.id))
    .returning({
      count: vendorApiKeys.windowCount,
      startedAt: vendorApiKeys.windowStartedAt,
      limit: vendorApiKeys.requestsPerMinute,
    });
  if (counted!.count > counted!.limit) {
    const endsAt = counted!.startedAt!.getTime() + WINDOW_MS;
    const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
    return { ok: false, status: 429, error: "Too many requests for this key", retryAfterSeconds };
  }
  return { ok: true, keyId: row.id, vendorId: row.vendorId, prefix, createdBy: row.createdBy };
}
