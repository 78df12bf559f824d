import crypto from "node:crypto";

import sharp from "sharp";

import { urlsInUse } from "../data/stored-files.server";
import type { AppContext } from "../platform/context.server";
import { createFileStorage } from "../platform/storage.server";

import {
  ACCEPTED_IMAGE_FORMATS,
  MAX_UPLOAD_BYTES,
  UPLOAD_LIMIT_MESSAGES,
} from "~/lib/upload-limits";

export { MAX_UPLOAD_BYTES };
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** Stored images fit within this square; smaller ones are never enlarged. */
export const MAX_IMAGE_DIMENSION = 1600;

export const UPLOAD_MESSAGES = {
  notAnImage: `Only ${ACCEPTED_IMAGE_FORMATS} images can be uploaded`,
  tooLarge: UPLOAD_LIMIT_MESSAGES.image,
  tooManyPixels: "The image is larger than 40 megapixels",
  unreadable: "The image could not be read",
  empty: "No image was uploaded",
} as const;

/** A refused upload: the message is safe to show to the admin. */
export class ImageUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageUploadError";
  }
}

type ImageKind = "jpeg" | "png" | "webp" | "gif" | "avif";

/** The format sharp's metadata() names for each kind (an AVIF is a HEIF holding AV1). */
const SHARP_FORMAT: Record<ImageKind, keyof sharp.FormatEnum> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "heif",
};

/** The ISO-BMFF brands of an AVIF still image or image sequence. */
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** An ISO-BMFF file whose "ftyp" box names an AVIF brand, major or compatible (HEIC is not one). */
function isAvif(bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 16 || ascii(4, 8) !== "ftyp") return false;
  const boxSize = Math.min(
    bytes.length,
    ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
  );
  if (AVIF_BRANDS.has(ascii(8, 12))) return true;
  // After the major brand and its version (4 bytes each) come the compatible brands.
  for (let offset = 16; offset + 4 <= boxSize; offset += 4)
    if (AVIF_BRANDS.has(ascii(offset, offset + 4))) return true;
  return false;
}

/** Recognises the image by its first bytes: the file name and the browser's MIME type can lie. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
  if (startsWith([0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // "RIFF" <size> "WEBP"
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8))
    return "webp";
  // "GIF87a" or "GIF89a"
  if (
    startsWith([0x47, 0x49, 0x46, 0x38]) &&
    (startsWith([0x37, 0x61], 4) || startsWith([0x39, 0x61], 4))
  )
    return "gif";
  if (isAvif(bytes)) return "avif";
  return null;
}

/** `hero`, `peptide-bpc-157` … → a safe file-name prefix. */
function safePrefix(prefix: string | undefined): string {
  const cleaned = (prefix ?? "image")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return cleaned || "image";
}

/**
 * Checks an uploaded image (kind by its bytes, at most 5 MB and 40 megapixels), re-encodes
 * it (EXIF rotation applied, metadata stripped, fitted within 1600×1600, WebP; an animated GIF
 * or WebP keeps its first frame, sharp's default of one page) and stores it
 * under a generated name. Anything else throws ImageUploadError and stores nothing.
 */
export async function storeImageUpload(
  app: Pick<AppContext, "env">,
  file: File,
  options: { prefix?: string } = {},
): Promise<{ url: string }> {
  const image = await prepareImageUpload(file, options);
  return createFileStorage(app.env).put(image.name, image.body, image.contentType);
}

/** A checked upload ready to store: its generated name, bytes and type. */
export interface PreparedUpload {
  name: string;
  body: Buffer;
  contentType: string;
}

/** storeImageUpload's checks and re-encoding, without storing. */
async function prepareImageUpload(
  file: File,
  options: { prefix?: string },
): Promise<PreparedUpload> {
  if (file.size === 0) throw new ImageUploadError(UPLOAD_MESSAGES.empty);
  if (file.size > MAX_UPLOAD_BYTES) throw new ImageUploadError(UPLOAD_MESSAGES.tooLarge);
  const input = Buffer.from(await file.arrayBuffer());
  if (input.length > MAX_UPLOAD_BYTES) throw new ImageUploadError(UPLOAD_MESSAGES.tooLarge);
  const kind = detectImageKind(input);
  if (!kind) throw new ImageUploadError(UPLOAD_MESSAGES.notAnImage);

  // metadata() reads the header only: a decompression bomb is refused before any decoding
  // (and limitInputPixels below guards the decoder itself).
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageUploadError(UPLOAD_MESSAGES.unreadable);
  }
  if (metadata.format !== SHARP_FORMAT[kind])
    throw new ImageUploadError(UPLOAD_MESSAGES.notAnImage);
  if (kind === "avif" && metadata.compression !== "av1")
    throw new ImageUploadError(UPLOAD_MESSAGES.notAnImage);
  if (!metadata.width || !metadata.height) throw new ImageUploadError(UPLOAD_MESSAGES.unreadable);
  if (metadata.width * metadata.height > MAX_UPLOAD_PIXELS) {
    throw new ImageUploadError(UPLOAD_MESSAGES.tooManyPixels);
  }

  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS })
      .rotate()
      .resize(MAX_IMAGE_DIMENSION, MAX_IMAGE_DIMENSION, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ImageUploadError(UPLOAD_MESSAGES.unreadable);
  }

  const name = `${safePrefix(options.prefix)}-${crypto.randomBytes(12).toString("hex")}.webp`;
  return { name, body: output, contentType: "image/webp" };
}

/**
 * Deletes the stored files behind `urls` (with their resized variants) that no record names
 * any more: call it after the write that replaced or dropped them has committed, and with the
 * new upload of a write that failed. URLs not of this storage (a vendor's, an ad network's)
 * and files still named elsewhere (urlsInUse) are left alone. Never throws: a file that could
 * not be deleted is logged and only costs its space. Answers the URLs deleted.
 */
export async function deleteUnusedUploads(
  app: Pick<AppContext, "db" | "env" | "logger">,
  urls: Iterable<string | null | undefined>,
): Promise<string[]> {
  const storage = createFileStorage(app.env);
  const stored = [...new Set(urls)].filter(
    (url): url is string => typeof url === "string" && storage.nameOf(url) !== null,
  );
  if (stored.length === 0) return [];
  try {
    const inUse = await urlsInUse(app.db, stored);
    const unused = stored.filter((url) => !inUse.has(url));
    const results = await Promise.allSettled(
      unused.map((url) => storage.remove(storage.nameOf(url)!)),
    );
    const deleted: string[] = [];
    results.forEach((result, index) => {
      if (result.status === "fulfilled") deleted.push(unused[index]!);
      else app.logger.warn({ err: result.reason, url: unused[index] }, "stored file not deleted");
    });
    return deleted;
  } catch (error) {
    app.logger.warn({ err: error, urls: stored }, "stored files not deleted");
    return [];
  }
}

/** The uploaded image of a form field, or null when the field is absent or empty. */
export function uploadedFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}

export const REPORT_UPLOAD_MESSAGES = {
  notAReport: `Only a PDF or a ${ACCEPTED_IMAGE_FORMATS} image can be uploaded as a report`,
  tooLarge: UPLOAD_LIMIT_MESSAGES.report,
  empty: "No report was uploaded",
} as const;

/** "%PDF-": how every PDF file begins (ISO 32000), whatever its name or claimed type says. */
export function isPdf(bytes: Uint8Array): boolean {
  const signature = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

/**
 * A lab report (issue 23): an image goes through storeImageUpload (checked and re-encoded); a
 * PDF, recognised by its first bytes and at most 5 MB, is stored as it is under a generated
 * `.pdf` name, which the storage serves as a download in a sandbox (downloadOnlyHeaders).
 * Anything else throws ImageUploadError and stores nothing.
 */
export async function storeReportUpload(
  app: Pick<AppContext, "env">,
  file: File,
): Promise<{ url: string }> {
  const report = await prepareReportUpload(file);
  return createFileStorage(app.env).put(report.name, report.body, report.contentType);
}

/**
 * storeReportUpload's checks without storing: a vendor's report waits in the database until an
 * admin publishes it (vendor-lab-reports.server.ts).
 */
export async function prepareReportUpload(file: File): Promise<PreparedUpload> {
  if (file.size === 0) throw new ImageUploadError(REPORT_UPLOAD_MESSAGES.empty);
  if (file.size > MAX_UPLOAD_BYTES) throw new ImageUploadError(REPORT_UPLOAD_MESSAGES.tooLarge);
  const input = Buffer.from(await file.arrayBuffer());
  if (input.length > MAX_UPLOAD_BYTES) throw new ImageUploadError(REPORT_UPLOAD_MESSAGES.tooLarge);
  if (detectImageKind(input)) return prepareImageUpload(file, { prefix: "lab-report" });
  if (!isPdf(input)) throw new ImageUploadError(REPORT_UPLOAD_MESSAGES.notAReport);
  const name = `lab-report-${crypto.randomBytes(12).toString("hex")}.pdf`;
  return { name, body: input, contentType: "application/pdf" };
}

/** The type a prepared upload is served as, by the extension its generated name ends with. */
export function uploadContentType(name: string): string {
  return name.endsWith(".pdf") ? "application/pdf" : "image/webp";
}
