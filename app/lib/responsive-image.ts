/**
 * Responsive images: the widths an image is served at, and the `srcset` of an image URL.
 * Uploads stored on this server (`/uploads/{name}.webp`) are resized on first request
 * (`/uploads/w{width}/{name}.webp`, app/.server/image-variants.server.ts), so uploads made
 * before variants existed get them too; the built-in placeholder has its variants in the build.
 * Any other URL (an S3 bucket, a vendor's or an ad's image) is served as it is.
 */
import placeholderW400 from "~/assets/images/peptide-default-w400.webp?no-inline";
import placeholderW800 from "~/assets/images/peptide-default-w800.webp?no-inline";

/** Widths the upload variants come in: a phone's card at 2x, a desktop card or hero, a wide hero. */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1200] as const;

export const PLACEHOLDER_IMAGE = "/images/peptide-default.jpg";

/** A stored upload's file name: generated, so letters, digits, dots and dashes, ending .webp. */
export const UPLOAD_NAME = /^[a-z0-9][a-z0-9.-]*\.webp$/i;

/** The URL of an upload's variant `width` pixels wide (smaller uploads are never enlarged). */
export function uploadVariantUrl(name: string, width: number): string {
  return `/uploads/w${width}/${name}`;
}

/** The `srcset` for an image URL, or undefined when there is only the one file. */
export function imageSrcSet(url: string): string | undefined {
  if (url === PLACEHOLDER_IMAGE) return `${placeholderW400} 400w, ${placeholderW800} 800w`;
  const name = /^\/uploads\/([^/]+)$/.exec(url)?.[1];
  if (!name || !UPLOAD_NAME.test(name)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${uploadVariantUrl(name, width)} ${width}w`).join(
    ", ",
  );
}

/**
 * `sizes` of the slots images fill (CSS pixels), from the grids they sit in: the browser picks
 * the smallest variant that covers the slot at the screen's density.
 */
export const IMAGE_SIZES = {
  /** PEPTIDE_GRID_CLASS and the featured grid: 1, 2, 3, then 4 columns in a 1280 px container. */
  card: "(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  /** The detail page's image column (at most 320 px beside the text from md up). */
  detail: "(min-width: 768px) 320px, 100vw",
  /** The hero's half of the container, shown from md up. */
  hero: "(min-width: 1280px) 616px, 50vw",
} as const;

/** `src`, `srcSet` and `sizes` of an <img> filling the slot `sizes` (sizes only with a srcset). */
export function responsiveImage(url: string, sizes: string) {
  const srcSet = imageSrcSet(url);
  return { src: url, srcSet, sizes: srcSet ? sizes : undefined };
}
