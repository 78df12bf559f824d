import { describe, expect, it } from "vitest";

import { IMAGE_VARIANT_WIDTHS, imageSrcSet, PLACEHOLDER_IMAGE } from "~/lib/responsive-image";

describe("imageSrcSet", () => {
  it("lists every variant width of an upload stored on this server", () => {
    expect(imageSrcSet("/uploads/peptide-bpc-157-0a1b2c.webp")).toBe(
      IMAGE_VARIANT_WIDTHS.map((w) => `/uploads/w${w}/peptide-bpc-157-0a1b2c.webp ${w}w`).join(
        ", ",
      ),
    );
  });

  it("gives the placeholder its built variants", () => {
    const srcSet = imageSrcSet(PLACEHOLDER_IMAGE);
    expect(srcSet).toMatch(/^\S+peptide-default-w400\S* 400w, \S+peptide-default-w800\S* 800w$/);
  });

  it("leaves any other image as it is: other sites, S3, nested or non-WebP paths", () => {
    for (const url of [
      "https://cdn.example/img.webp",
      "https://bucket.s3.example/peptides/x.webp",
      "/uploads/w400/x.webp",
      "/uploads/../secret.webp",
      "/uploads/photo.jpg",
      "/images/other.jpg",
      "",
    ]) {
      expect(imageSrcSet(url), url).toBeUndefined();
    }
  });
});
