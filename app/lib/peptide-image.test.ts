import { describe, expect, it } from "vitest";

import {
  choosePeptideImage,
  PEPTIDE_PLACEHOLDER_IMAGE,
  peptideImageFromJson,
  peptideImageProps,
} from "./peptide-image";

describe("choosePeptideImage", () => {
  it("takes the admin's image over every offer's", () => {
    expect(choosePeptideImage({ admin: "/uploads/admin.webp", offers: ["/uploads/a.webp"] })).toBe(
      "/uploads/admin.webp",
    );
  });

  it("else takes the image most offers carry", () => {
    expect(
      choosePeptideImage({
        admin: null,
        offers: ["/uploads/a.webp", "/uploads/b.webp", "/uploads/b.webp", "/uploads/c.webp"],
      }),
    ).toBe("/uploads/b.webp");
    expect(choosePeptideImage({ admin: "  ", offers: ["/uploads/a.webp"] })).toBe(
      "/uploads/a.webp",
    );
  });

  it("breaks a tie the same way whatever order the offers come in", () => {
    const offers = ["/uploads/b.webp", "/uploads/a.webp", "/uploads/b.webp", "/uploads/a.webp"];
    expect(choosePeptideImage({ admin: null, offers })).toBe("/uploads/a.webp");
    expect(choosePeptideImage({ admin: null, offers: offers.reverse() })).toBe("/uploads/a.webp");
  });

  it("gives none, and so the placeholder, without an admin or an offer image", () => {
    expect(choosePeptideImage({ admin: null, offers: [] })).toBeNull();
    expect(peptideImageProps(null, "100vw", 400)).toEqual({
      src: PEPTIDE_PLACEHOLDER_IMAGE,
      width: 400,
      height: 300,
      "data-placeholder": "",
    });
  });

  it("reads a query's JSON, as text or parsed", () => {
    const value = { admin: null, offers: ["/uploads/a.webp"] };
    expect(peptideImageFromJson(value)).toBe("/uploads/a.webp");
    expect(peptideImageFromJson(JSON.stringify(value))).toBe("/uploads/a.webp");
    expect(peptideImageFromJson(null)).toBeNull();
  });

  it("gives a stored image its variants and the slot's size", () => {
    expect(peptideImageProps("/uploads/a.webp", "100vw", 640)).toMatchObject({
      src: "/uploads/a.webp",
      srcSet: expect.stringContaining("/uploads/w400/a.webp 400w"),
      sizes: "100vw",
      width: 640,
      height: 480,
    });
  });
});
