import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createFileStorage } from "~/.server/platform/storage.server";
import { storeImageUpload } from "~/.server/services/uploads.server";
import { imageSrcSet } from "~/lib/responsive-image";

import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;

let uploadDir: string;

beforeAll(async () => {
  // Named, so this test's storage module and the built server's write to the same folder.
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "pp-image-variants-"));
  server = await startTestServer({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2a7a6f" } })
    .webp()
    .toBuffer();

async function widthOf(response: Response) {
  const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { format: metadata.format, width: metadata.width, height: metadata.height };
}

describe("resized variants of uploaded images", () => {
  it("serves each srcset width of an upload made through the upload check", async () => {
    const png = await sharp({
      create: { width: 1500, height: 1000, channels: 3, background: "#123456" },
    })
      .png()
      .toBuffer();
    const file = new File([new Uint8Array(png)], "a.png", { type: "image/png" });
    const { url } = await storeImageUpload(server.app, file, { prefix: "peptide" });
    const candidates = imageSrcSet(url)!
      .split(", ")
      .map((entry) => entry.split(" "));
    expect(candidates.map(([, w]) => w)).toEqual(["400w", "800w", "1200w"]);
    for (const [variantUrl, descriptor] of candidates) {
      const response = await server.fetch(variantUrl!);
      expect(response.status, variantUrl).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toContain("immutable");
      const image = await widthOf(response);
      expect(image.format).toBe("webp");
      expect(image.width).toBe(Number.parseInt(descriptor!, 10));
      expect(image.height).toBe(Math.round((image.width! * 1000) / 1500));
    }
  });

  it("makes them on demand for an upload stored before variants existed, once, never enlarged", async () => {
    const name = "peptide-older0123456789abcdef.webp";
    await createFileStorage(server.app.env).put(name, await webp(600, 300), "image/webp");

    const first = await server.fetch(`/uploads/w800/${name}`);
    expect(first.status).toBe(200);
    expect(await widthOf(first)).toMatchObject({ width: 600, height: 300 });
    const small = await server.fetch(`/uploads/w400/${name}`);
    expect(await widthOf(small)).toMatchObject({ width: 400, height: 200 });

    // Asked again (and at the same time), the stored variant is what comes back.
    const again = await Promise.all([1, 2].map(() => server.fetch(`/uploads/w400/${name}`)));
    for (const response of again) expect(await widthOf(response)).toMatchObject({ width: 400 });
    expect(fs.readdirSync(path.join(uploadDir, "w400"))).toContain(name);
    // The original is still served as it was.
    expect(await widthOf(await server.fetch(`/uploads/${name}`))).toMatchObject({ width: 600 });
  });

  it("gives the home page's bundled hero image its built variants, cached for a year", async () => {
    const html = await (await server.fetch("/")).text();
    const hero = /<img src="[^"]+" srcSet="([^"]*peptide-default[^"]+)" sizes="([^"]+)"/.exec(html);
    expect(hero?.[2]).toContain("50vw");
    const [small] = hero![1]!.split(", ");
    expect(small).toMatch(/^\/assets\/peptide-default-w400-[\w-]+\.webp 400w$/);
    const response = await server.fetch(small!.split(" ")[0]!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(await widthOf(response)).toMatchObject({ format: "webp", width: 400 });
  });

  it("answers 404 for other widths, unknown uploads and names that are no upload's", async () => {
    const name = "hero-0123456789abcdef01234567.webp";
    await createFileStorage(server.app.env).put(name, await webp(100, 100), "image/webp");
    for (const path of [
      `/uploads/w401/${name}`,
      `/uploads/w4000/${name}`,
      "/uploads/w400/peptide-missing.webp",
      "/uploads/w400/..%2Fsecret.webp",
      "/uploads/w400/%2e%2e",
      `/uploads/w400/${name.replace(".webp", ".png")}`,
    ]) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(404);
    }
  });
});
