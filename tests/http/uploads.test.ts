import http from "node:http";
import path from "node:path";

import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getHeroContent } from "~/.server/data/hero.server";
import { auditLog } from "~/.server/db/schema";
import { createFileStorage } from "~/.server/platform/storage.server";
import {
  MAX_UPLOAD_BYTES,
  storeReportUpload,
  UPLOAD_MESSAGES,
} from "~/.server/services/uploads.server";

import { signIn } from "../helpers/auth";
import { startS3Server, type S3Server } from "../helpers/s3-server";
import { startTestServer, type TestServer } from "../helpers/server";

let s3: S3Server;
let server: TestServer;
let adminCookie: string;

beforeAll(async () => {
  s3 = await startS3Server();
  server = await startTestServer(s3.env);
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#aa3366" } })
    .png()
    .toBuffer();

async function auditRows() {
  const [row] = await server.app.db.select({ n: count() }).from(auditLog);
  return row!.n;
}

const BOUNDARY = "----uploads-http-test";

/**
 * Posts a multipart form whose image is `imageBytes` long, written in chunks only as fast as
 * the server reads them, and stops writing as soon as the server answers.
 */
function postLargeUpload(pathname: string, imageBytes: number) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload-image\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\n` +
      `Content-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const url = new URL(pathname, server.baseUrl);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: {
        origin: server.baseUrl,
        cookie: adminCookie,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        "content-length": head.length + imageBytes + tail.length,
      },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString("utf8") });
        request.destroy();
      });
    });
    // The server may close the connection on a body it refused to read to the end.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let written = 0;
    const pump = () => {
      while (!answered && written < imageBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, imageBytes - written));
        written += piece.length;
        if (!request.write(piece)) return void request.once("drain", pump);
      }
      if (!answered) request.end(tail);
    };
    if (request.write(head)) pump();
    else request.once("drain", pump);
  });
}

describe("image uploads stored in S3 (s3rver)", () => {
  it("stores the re-encoded image in the bucket under the public URL the app records", async () => {
    const before = await s3.objectNames();
    const response = await server.postForm(
      "/admin/hero",
      {
        intent: "upload-image",
        image: new File([new Uint8Array(await png(2000, 1500))], "hero.png", { type: "image/png" }),
      },
      { cookie: adminCookie },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Image uploaded successfully");

    const { imageUrl } = await getHeroContent(server.app.db);
    expect(imageUrl).toMatch(
      new RegExp(`^${s3.env.S3_PUBLIC_URL!.replaceAll(".", "\\.")}/hero-[0-9a-f]{24}\\.webp$`),
    );
    expect(await s3.objectNames()).toEqual([...before, path.basename(imageUrl!)].sort());

    const stored = await fetch(imageUrl!);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/webp");
    const metadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 1600, 1200]);
  });

  it("stores a PDF lab report to be downloaded, never shown inline", async () => {
    const pdf = "%PDF-1.4\n%%EOF\n";
    const { url } = await storeReportUpload(
      server.app,
      new File([pdf], "report.pdf", { type: "application/pdf" }),
    );
    expect(url).toMatch(/\/lab-report-[0-9a-f]{24}\.pdf$/);
    const stored = await fetch(url);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("application/pdf");
    expect(stored.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(await stored.text()).toBe(pdf);
  });

  it("reports an upload the bucket refuses", async () => {
    const storage = createFileStorage({ ...server.app.env, S3_ACCESS_KEY_ID: "NOT-AN-ACCOUNT" });
    expect(storage.kind).toBe("s3");
    await expect(storage.put("refused.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /S3 upload failed with 403: [\s\S]*InvalidAccessKeyId/,
    );
    expect(await s3.objectNames()).not.toContain("refused.webp");
  });
});

describe("an upload over its limit", () => {
  it("is cut at 5 MB: 413 with the reason, and nothing stored or recorded", async () => {
    const heroBefore = await getHeroContent(server.app.db);
    const objectsBefore = await s3.objectNames();
    const auditBefore = await auditRows();

    const result = await postLargeUpload("/admin/hero", MAX_UPLOAD_BYTES + 512 * 1024);

    expect(result.status).toBe(413);
    expect(result.text).toContain(UPLOAD_MESSAGES.tooLarge);
    expect(await getHeroContent(server.app.db)).toEqual(heroBefore);
    expect(await s3.objectNames()).toEqual(objectsBefore);
    expect(await auditRows()).toBe(auditBefore);
  });

  it("leaves the next upload on the same server working", async () => {
    const response = await server.postForm(
      "/admin/hero",
      {
        intent: "upload-image",
        image: new File([new Uint8Array(await png(300, 200))], "small.png", { type: "image/png" }),
      },
      { cookie: adminCookie },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Image uploaded successfully");
  });
});
