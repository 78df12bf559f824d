import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { AwsClient } from "aws4fetch";

import { MEMORY_DATA_DIR } from "../db/client";
import type { Env } from "./env";

/** Where uploaded files go: a local folder (default) or an S3-compatible bucket. */
export interface FileStorage {
  kind: "local" | "s3";
  /**
   * Stores the bytes under `name` and returns the public URL. A document (a PDF) is stored to be
   * downloaded, never shown inline on a public origin (`Content-Disposition: attachment`; the
   * local route sends it so by its extension, see DOWNLOAD_ONLY_EXTENSIONS).
   */
  put: (name: string, body: Buffer, contentType: string) => Promise<{ url: string }>;
  /** The stored name behind a URL `put` answered, or null for any other URL (a vendor's, an ad's). */
  nameOf: (url: string) => string | null;
  /** Deletes a stored file (and its resized variants); one already gone is no error. */
  remove: (name: string) => Promise<void>;
}

/** The public path prefix of locally stored uploads. */
export const UPLOADS_URL_PATH = "/uploads";

/**
 * Uploads served as downloads in a sandbox, never rendered as a page of this origin: a PDF can
 * carry scripts and links, so it is sent with `Content-Disposition: attachment` and
 * `Content-Security-Policy: sandbox`.
 */
export const DOWNLOAD_ONLY_EXTENSIONS = new Set([".pdf"]);

/** The headers an upload named `name` is served with beyond its type (none for images). */
export function downloadOnlyHeaders(name: string): Record<string, string> {
  const extension = path.extname(name).toLowerCase();
  if (!DOWNLOAD_ONLY_EXTENSIONS.has(extension)) return {};
  return {
    "Content-Disposition": `attachment; filename="${path.basename(name)}"`,
    "Content-Security-Policy": "sandbox; default-src 'none'",
  };
}

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

const SAFE_NAME = /^[a-z0-9][a-z0-9.-]*$/i;

/** Generated names only: letters, digits, dots and dashes, never a path. */
function assertSafeName(name: string) {
  if (!SAFE_NAME.test(name)) throw new Error(`Unsafe storage name: ${name}`);
}

/** The name after `base` + "/" in `url`, when it is a safe name (no path), else null. */
function nameUnder(base: string, url: string): string | null {
  if (!url.startsWith(`${base}/`)) return null;
  const name = url.slice(base.length + 1);
  return SAFE_NAME.test(name) ? name : null;
}

/** The folders of resized variants beside the originals (`w400/`…, image-variants.server.ts). */
const VARIANT_DIR = /^w\d+$/;

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
    nameOf: (url) => nameUnder(UPLOADS_URL_PATH, url),
    remove: async (name) => {
      assertSafeName(name);
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
      const variants = entries
        .filter((entry) => entry.isDirectory() && VARIANT_DIR.test(entry.name))
        .map((entry) => path.join(dir, entry.name, name));
      await Promise.all(
        [path.join(dir, name), ...variants].map((file) => fs.promises.rm(file, { force: true })),
      );
    },
  };
}

/** Path-style addressing (`{endpoint}/{bucket}/{key}`): works with AWS, MinIO, R2 and the rest. */
function createS3Storage(env: StorageEnv): FileStorage {
  const endpoint = (env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`).replace(
    /\/$/,
    "",
  );
  const bucket = env.S3_BUCKET!;
  const publicBase = (env.S3_PUBLIC_URL ?? `${endpoint}/${bucket}`).replace(/\/$/, "");
  // aws4fetch signs each request (Signature Version 4, payload hash included); a refused
  // upload is reported, not retried at length, since an admin is waiting on it.
  const client = new AwsClient({
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    service: "s3",
    region: env.S3_REGION,
    retries: 2,
  });
  return {
    kind: "s3",
    put: async (name, body, contentType) => {
      assertSafeName(name);
      const disposition = downloadOnlyHeaders(name)["Content-Disposition"];
      const response = await client.fetch(`${endpoint}/${bucket}/${name}`, {
        method: "PUT",
        headers: {
          "cache-control": "public, max-age=31536000, immutable",
          "content-type": contentType,
          // A bucket keeps Content-Disposition with the object (it has no place for a CSP).
          ...(disposition ? { "content-disposition": disposition } : {}),
        },
        body: new Uint8Array(body),
      });
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 200);
        throw new Error(`S3 upload failed with ${response.status}: ${detail}`);
      }
      return { url: `${publicBase}/${name}` };
    },
    nameOf: (url) => nameUnder(publicBase, url),
    remove: async (name) => {
      assertSafeName(name);
      const response = await client.fetch(`${endpoint}/${bucket}/${name}`, { method: "DELETE" });
      if (!response.ok && response.status !== 404) {
        const detail = (await response.text()).slice(0, 200);
        throw new Error(`S3 delete failed with ${response.status}: ${detail}`);
      }
    },
  };
}
