import fs from "node:fs";
import path from "node:path";

import type { RequestHandler } from "express";
import sharp from "sharp";

import { IMAGE_VARIANT_WIDTHS, UPLOAD_NAME } from "~/lib/responsive-image";

import { MAX_UPLOAD_PIXELS } from "../services/uploads.server";

/** Variants are written once and never change: a browser may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves `/uploads/w{width}/{name}.webp`: the stored upload `name` resized to `width` pixels
 * wide (never enlarged), made on its first request and kept beside the originals in
 * `{uploadDir}/w{width}/`. Only the fixed widths and generated upload names are answered, so
 * a request can neither pick a path nor make the server resize to arbitrary sizes. The source
 * is an upload already checked and re-encoded by storeImageUpload; the pixel limit still
 * guards the decoder. Uploads from before variants existed get theirs the same way.
 */
export function serveImageVariants(uploadDir: string): RequestHandler {
  const pending = new Map<string, Promise<void>>();
  return async (req, res, next) => {
    const match = /^\/w(\d+)\/([^/]+)$/.exec(req.path);
    if (!match) return next();
    const width = Number(match[1]);
    const name = match[2]!;
    if (!(IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width) || !UPLOAD_NAME.test(name)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const variant = path.join(uploadDir, `w${width}`, name);
    try {
      if (!fs.existsSync(variant)) {
        // Two visitors asking for the same new variant share one resize.
        let job = pending.get(variant);
        if (!job) {
          job = writeVariant(path.join(uploadDir, name), variant, width).finally(() =>
            pending.delete(variant),
          );
          pending.set(variant, job);
        }
        await job;
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      next(error);
      return;
    }
    res.set("Cache-Control", IMMUTABLE).type("image/webp").sendFile(variant);
  };
}

async function writeVariant(source: string, target: string, width: number) {
  const input = await fs.promises.readFile(source);
  const output = await sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  // Written aside and renamed, so a concurrent reader never sees half a file.
  const partial = `${target}.${process.pid}.partial`;
  await fs.promises.writeFile(partial, output);
  await fs.promises.rename(partial, target);
}
