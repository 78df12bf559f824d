import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { parseEnv } from "./env";
import { createFileStorage, signV4 } from "./storage.server";
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

  it("refuses an image format it does not accept (GIF)", async () => {
    await expectRefused(
      fileOf(await image(10, 10).gif().toBuffer(), "a.png"),
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
    expect(detectImageKind(Buffer.from("<svg"))).toBeNull();
  });
});

describe("signV4", () => {
  // AWS's worked examples of Signature Version 4 for S3 (Authenticating Requests: Using the
  // Authorization Header), with their published signatures.
  const credentials = {
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    region: "us-east-1",
    service: "s3",
    date: new Date("2013-05-24T00:00:00Z"),
  };
  const emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  it("matches AWS's GET Object example", () => {
    const authorization = signV4({
      ...credentials,
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: {
        range: "bytes=0-9",
        "x-amz-content-sha256": emptyHash,
        "x-amz-date": "20130524T000000Z",
      },
      payloadHash: emptyHash,
    });
    expect(authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("matches AWS's PUT Object example", () => {
    const payloadHash = crypto.createHash("sha256").update("Welcome to Amazon S3.").digest("hex");
    const authorization = signV4({
      ...credentials,
      method: "PUT",
      url: new URL("https://examplebucket.s3.amazonaws.com/test$file.text"),
      headers: {
        date: "Fri, 24 May 2013 00:00:00 GMT",
        "x-amz-date": "20130524T000000Z",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
        "x-amz-content-sha256": payloadHash,
      },
      payloadHash,
    });
    expect(authorization).toContain(
      "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });
});

describe("S3 storage", () => {
  it("PUTs the bytes, signed, to the bucket and returns the public URL", async () => {
    const received: {
      method?: string;
      url?: string;
      headers?: http.IncomingHttpHeaders;
      body?: Buffer;
    } = {};
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        Object.assign(received, {
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const storage = createFileStorage(
        parseEnv({
          DATA_DIR: "memory://",
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_BUCKET: "images",
          S3_REGION: "eu-west-1",
          S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
          S3_SECRET_ACCESS_KEY: "secret",
          S3_PUBLIC_URL: "https://cdn.example.com/images",
        }),
      );
      expect(storage.kind).toBe("s3");
      const body = Buffer.from("webp bytes");
      const { url } = await storage.put("hero-abc.webp", body, "image/webp");

      expect(url).toBe("https://cdn.example.com/images/hero-abc.webp");
      expect(received.method).toBe("PUT");
      expect(received.url).toBe("/images/hero-abc.webp");
      expect(received.body).toEqual(body);
      const headers = received.headers!;
      expect(headers["content-type"]).toBe("image/webp");
      expect(headers["x-amz-content-sha256"]).toBe(
        crypto.createHash("sha256").update(body).digest("hex"),
      );
      const authorization = headers.authorization!;
      expect(authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      // The server can recompute the signature from what it received.
      const expected = signV4({
        method: "PUT",
        url: new URL(`http://127.0.0.1:${port}${received.url}`),
        headers: {
          "cache-control": headers["cache-control"] as string,
          "content-type": headers["content-type"]!,
          "x-amz-content-sha256": headers["x-amz-content-sha256"] as string,
          "x-amz-date": headers["x-amz-date"] as string,
        },
        payloadHash: headers["x-amz-content-sha256"] as string,
        accessKeyId: "AKIDEXAMPLE",
        secretAccessKey: "secret",
        region: "eu-west-1",
        service: "s3",
        date: new Date(
          (headers["x-amz-date"] as string).replace(
            /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/,
            "$1-$2-$3T$4:$5:$6Z",
          ),
        ),
      });
      expect(authorization).toBe(expected);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("reports a refused upload", async () => {
    const server = http.createServer((_req, res) => res.writeHead(403).end("AccessDenied"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const storage = createFileStorage(
        parseEnv({
          DATA_DIR: "memory://",
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_BUCKET: "images",
          S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
          S3_SECRET_ACCESS_KEY: "secret",
        }),
      );
      await expect(storage.put("a.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
        /403.*AccessDenied/,
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
