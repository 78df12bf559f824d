import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { parseEnv } from "../platform/env";
import {
  detectImageKind,
  ImageUploadError,
  MAX_UPLOAD_BYTES,
  storeImageUpload,
  UPLOAD_MESSAGES,
} from "./uploads.server";

const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
const app = { env: parseEnv({ DATA_DIR: "memory://", UPLOAD_DIR: uploadDir }) };

afterAll(() => fs.rmSync(uploadDir, { recursive: true, force: true }));
beforeEach(() => {
  for (const name of fs.readdirSync(uploadDir)) fs.rmSync(path.join(uploadDir, name));
});

function image(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
}

const fileOf = (bytes: Buffer, name: string, type = "image/png") =>
  new File([new Uint8Array(bytes)], name, { type });

async function expectRefused(file: File, message: string) {
  const attempt = storeImageUpload(app, file);
  await expect(attempt).rejects.toBeInstanceOf(ImageUploadError);
  await expect(attempt).rejects.toThrow(message);
  expect(fs.readdirSync(uploadDir)).toEqual([]);
}

describe("storeImageUpload", () => {
  it.each([
    ["png", () => image(400, 300).png().toBuffer()],
    ["jpeg", () => image(400, 300).jpeg().toBuffer()],
    ["webp", () => image(400, 300).webp().toBuffer()],
    ["gif", () => image(400, 300).gif().toBuffer()],
    ["avif", () => image(400, 300).avif().toBuffer()],
  ])("re-encodes a %s image as WebP under a generated name", async (_kind, make) => {
    const { url } = await storeImageUpload(app, fileOf(await make(), "photo.any"), {
      prefix: "Hero",
    });
    expect(url).toMatch(/^\/uploads\/hero-[0-9a-f]{24}\.webp$/);
    const stored = fs.readFileSync(path.join(uploadDir, path.basename(url)));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe("webp");
    expect([metadata.width, metadata.height]).toEqual([400, 300]);
  });

  it("fits a large image within 1600×1600 without distorting it", async () => {
    const { url } = await storeImageUpload(
      app,
      fileOf(await image(3200, 1000).png().toBuffer(), "big.png"),
    );
    const metadata = await sharp(path.join(uploadDir, path.basename(url))).metadata();
    expect([metadata.width, metadata.height]).toEqual([1600, 500]);
  });

  it("applies the EXIF rotation and strips the metadata", async () => {
    const rotated = await image(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret camera owner" } } })
      .toBuffer();
    const { url } = await storeImageUpload(app, fileOf(rotated, "phone.jpg", "image/jpeg"));
    const metadata = await sharp(path.join(uploadDir, path.basename(url))).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 400]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it("refuses a text file renamed .png, whatever its MIME type says", async () => {
    await expectRefused(
      fileOf(Buffer.from("just some text, not an image"), "fake.png"),
      UPLOAD_MESSAGES.notAnImage,
    );
  });

  it("keeps the first frame of an animated GIF", async () => {
    const frame = (r: number, b: number) =>
      sharp({ create: { width: 20, height: 10, channels: 3, background: { r, g: 0, b } } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame(255, 0), await frame(0, 255)], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);

    const { url } = await storeImageUpload(app, fileOf(animated, "spin.gif", "image/gif"));
    const stored = sharp(path.join(uploadDir, path.basename(url)));
    const metadata = await stored.metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.pages]).toEqual([
      "webp",
      20,
      10,
      undefined,
    ]);
    const { dominant } = await stored.stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
  });

  it("refuses an image format it does not accept (TIFF)", async () => {
    await expectRefused(
      fileOf(await image(10, 10).tiff().toBuffer(), "a.png"),
      UPLOAD_MESSAGES.notAnImage,
    );
  });

  it("refuses a truncated PNG", async () => {
    const png = await image(100, 100).png().toBuffer();
    await expectRefused(fileOf(png.subarray(0, 40), "broken.png"), UPLOAD_MESSAGES.unreadable);
  });

  it("refuses a file over 5 MB", async () => {
    const png = await image(10, 10).png().toBuffer();
    const padded = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    await expectRefused(fileOf(padded, "huge.png"), UPLOAD_MESSAGES.tooLarge);
  });

  it("refuses an image over 40 megapixels before decoding it", async () => {
    const bomb = await image(8000, 5001).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    await expectRefused(fileOf(bomb, "bomb.png"), UPLOAD_MESSAGES.tooManyPixels);
  });

  it("refuses an empty file", async () => {
    await expectRefused(fileOf(Buffer.alloc(0), "empty.png"), UPLOAD_MESSAGES.empty);
  });
});

describe("detectImageKind", () => {
  it("reads the magic numbers", () => {
    expect(detectImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(detectImageKind(Buffer.from("\x89PNG\r\n\x1a\n", "latin1"))).toBe("png");
    expect(detectImageKind(Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "latin1"))).toBe("webp");
    expect(detectImageKind(Buffer.from("RIFF\0\0\0\0WAVEfmt ", "latin1"))).toBeNull();
    expect(detectImageKind(Buffer.from("GIF89a\x01\0", "latin1"))).toBe("gif");
    expect(detectImageKind(Buffer.from("GIF87a\x01\0", "latin1"))).toBe("gif");
    expect(detectImageKind(Buffer.from("\0\0\0\x1cftypavif\0\0\0\0mif1", "latin1"))).toBe("avif");
    // An AVIF named by a compatible brand only; a HEIC photo is not accepted.
    expect(detectImageKind(Buffer.from("\0\0\0\x18ftypmif1\0\0\0\0avif", "latin1"))).toBe("avif");
    expect(detectImageKind(Buffer.from("\0\0\0\x18ftypheic\0\0\0\0mif1", "latin1"))).toBeNull();
    expect(detectImageKind(Buffer.from("<svg"))).toBeNull();
  });
});
