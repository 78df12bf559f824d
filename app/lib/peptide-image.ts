/**
 * A peptide's picture (issue 32): the image an admin gave it, else the product image most of its
 * offers carry (what the scraper stored from the shops), else none and the placeholder shows.
 * Cards, the detail page and its OpenGraph/JSON-LD image all go through choosePeptideImage.
 */
import { responsiveImage } from "./responsive-image";

/** A small, light vial drawn in a corner of the slot's muted background (324 bytes). */
export const PEPTIDE_PLACEHOLDER_IMAGE = "/images/peptide-placeholder.svg";

/** What a query reads for the choice: the admin's image and each offer's stored image. */
export interface PeptideImageSources {
  admin: string | null;
  offers: string[];
}

/**
 * The admin's image; else the stored offer image most offers share (a tie goes to the one
 * first in address order, so every page picks the same); else null.
 */
export function choosePeptideImage({ admin, offers }: PeptideImageSources): string | null {
  if (admin?.trim()) return admin;
  const counts = new Map<string, number>();
  for (const image of offers) if (image) counts.set(image, (counts.get(image) ?? 0) + 1);
  let chosen: string | null = null;
  for (const [image, count] of counts) {
    const best = chosen === null ? 0 : counts.get(chosen)!;
    if (count > best || (count === best && image < chosen!)) chosen = image;
  }
  return chosen;
}

/** The choice from a query's JSON value `{ admin, offers }` (see peptideImageSql). */
export function peptideImageFromJson(value: unknown): string | null {
  const parsed = (typeof value === "string" ? JSON.parse(value) : value) as {
    admin?: unknown;
    offers?: unknown;
  } | null;
  return choosePeptideImage({
    admin: typeof parsed?.admin === "string" ? parsed.admin : null,
    offers: Array.isArray(parsed?.offers)
      ? parsed.offers.filter((image): image is string => typeof image === "string")
      : [],
  });
}

/**
 * The <img> attributes of a peptide's picture in a slot of `sizes`: the image with its srcset,
 * or the placeholder (one small file, drawn smaller: `data-placeholder` styles it in app.css).
 * Width and height are the slot's 4:3, so neither shifts the layout.
 */
export function peptideImageProps(imageUrl: string | null, sizes: string, width: number) {
  const height = Math.round((width * 3) / 4);
  if (!imageUrl) {
    return { src: PEPTIDE_PLACEHOLDER_IMAGE, width, height, "data-placeholder": "" } as const;
  }
  return { ...responsiveImage(imageUrl, sizes), width, height };
}
