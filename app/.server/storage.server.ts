import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { MEMORY_DATA_DIR } from "./db/client";
import type { Env } from "./env";

/** Where uploaded files go: a local folder (default) or an S3-compatible bucket. */
export interface FileStorage {
  kind: "local" | "s3";
  /** Stores the bytes under `name` and returns the public URL. */
  put: (name: string, body: Buffer, contentType: string) => Promise<{ url: string }>;
}

/** The public path prefix of locally stored uploads. */
export const UPLOADS_URL_PATH = "/uploads";

type StorageEnv = Pick<
  Env,
  | "DATA_DIR"
  | "UPLOAD_DIR"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_BUCKET"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_PUBLIC_URL"
>;

let memoryUploadDir: string | undefined;

/**
 * UPLOAD_DIR, else `<DATA_DIR>/uploads`; an in-memory database gets one temporary folder
 * per process, so the upload code and the static route agree on it.
 */
export function resolveUploadDir(env: Pick<Env, "DATA_DIR" | "UPLOAD_DIR">): string {
  if (env.UPLOAD_DIR) return path.resolve(env.UPLOAD_DIR);
  if (env.DATA_DIR === MEMORY_DATA_DIR) {
    memoryUploadDir ??= fs.mkdtempSync(path.join(os.tmpdir(), "peptideprices-uploads-"));
    return memoryUploadDir;
  }
  return path.resolve(env.DATA_DIR, "uploads");
}

/** Creates the local upload folder (at start-up, so the static route has something to serve). */
export function ensureUploadDir(env: Pick<Env, "DATA_DIR" | "UPLOAD_DIR">): string {
  const dir = resolveUploadDir(env);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function isS3Configured(env: StorageEnv): boolean {
  return Boolean(env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY);
}

/** Generated names only: letters, digits, dots and dashes, never a path. */
function assertSafeName(name: string) {
  if (!/^[a-z0-9][a-z0-9.-]*$/i.test(name)) throw new Error(`Unsafe storage name: ${name}`);
}

export function createFileStorage(env: StorageEnv): FileStorage {
  if (isS3Configured(env)) return createS3Storage(env);
  const dir = resolveUploadDir(env);
  return {
    kind: "local",
    put: async (name, body) => {
      assertSafeName(name);
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.writeFile(path.join(dir, name), body, { flag: "wx" });
      return { url: `${UPLOADS_URL_PATH}/${name}` };
    },
  };
}

// ---------------------------------------------------------------- S3 (Signature Version 4)

const sha256Hex = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) =>
  crypto.createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters escaped. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export interface SignV4Request {
  method: string;
  url: URL;
  /** Headers to sign (host is added from the URL); names any case. */
  headers: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
  date: Date;
}

/** `20130524T000000Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * AWS Signature Version 4 for one request: returns the Authorization header value.
 * The caller must send exactly the signed headers (and x-amz-date among them).
 */
export function signV4(request: SignV4Request): string {
  const timestamp = amzDate(request.date);
  const day = timestamp.slice(0, 8);
  const headers = new Map<string, string>([["host", request.url.host]]);
  for (const [name, value] of Object.entries(request.headers)) {
    headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, " "));
  }
  const names = [...headers.keys()].sort();
  const canonicalPath = request.url.pathname
    .split("/")
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = [...request.url.searchParams.entries()]
    .map(([key, value]) => `${encodeRfc3986(key)}=${encodeRfc3986(value)}`)
    .sort()
    .join("&");
  const canonicalRequest = [
    request.method,
    canonicalPath,
    canonicalQuery,
    names.map((name) => `${name}:${headers.get(name)}\n`).join(""),
    names.join(";"),
    request.payloadHash,
  ].join("\n");
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", timestamp, scope, sha256Hex(canonicalRequest)].join(
    "\n",
  );
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${request.secretAccessKey}`, day), request.region), request.service),
    "aws4_request",
  );
  const signature = crypto.createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  return `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`;
}

/** Path-style addressing (`{endpoint}/{bucket}/{key}`): works with AWS, MinIO, R2 and the rest. */
function createS3Storage(env: StorageEnv): FileStorage {
  const endpoint = (env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`).replace(
    /\/$/,
    "",
  );
  const bucket = env.S3_BUCKET!;
  const publicBase = (env.S3_PUBLIC_URL ?? `${endpoint}/${bucket}`).replace(/\/$/, "");
  return {
    kind: "s3",
    put: async (name, body, contentType) => {
      assertSafeName(name);
      const url = new URL(`${endpoint}/${bucket}/${name}`);
      const payloadHash = sha256Hex(body);
      const now = new Date();
      const headers = {
        "cache-control": "public, max-age=31536000, immutable",
        "content-type": contentType,
        "x-amz-content-sha256": payloadHash,
        "x-amz-date": amzDate(now),
      };
      const authorization = signV4({
        method: "PUT",
        url,
        headers,
        payloadHash,
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        region: env.S3_REGION,
        service: "s3",
        date: now,
      });
      const response = await fetch(url, {
        method: "PUT",
        headers: { ...headers, authorization },
        body: new Uint8Array(body),
      });
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 200);
        throw new Error(`S3 upload failed with ${response.status}: ${detail}`);
      }
      return { url: `${publicBase}/${name}` };
    },
  };
}
