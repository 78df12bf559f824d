import { describe, expect, it } from "vitest";

import {
  matchListing,
  type CataloguePeptide,
  type ListingMatch,
  type ListingUnit,
} from "./listing";

/**
 * Held-out names: spellings written after the matcher, against a shop-like catalogue that has
 * only one CJC-1295 (its DAC state unsaid), only Melanotan II and no TB-500 fragment, so
 * look-alikes must wait for review. Issue 17 asks for at least 98% fully right.
 */
const CATALOGUE: CataloguePeptide[] = [
  { id: "BPC-157", name: "BPC-157" },
  { id: "TB-500", name: "TB-500" },
  { id: "GHK-Cu", name: "GHK-Cu", aliases: ["Copper Peptide"] },
  { id: "CJC-1295", name: "CJC-1295" },
  { id: "Ipamorelin", name: "Ipamorelin" },
  { id: "Tesamorelin", name: "Tesamorelin" },
  { id: "Semaglutide", name: "Semaglutide" },
  { id: "Tirzepatide", name: "Tirzepatide" },
  { id: "Melanotan II", name: "Melanotan II", aliases: ["MT-2", "MT-II"] },
  { id: "PT-141", name: "PT-141" },
  { id: "Epitalon", name: "Epitalon", aliases: ["Epithalon"] },
  { id: "Selank", name: "Selank" },
  { id: "Semax", name: "Semax" },
  { id: "AOD-9604", name: "AOD-9604" },
  { id: "HGH Fragment 176-191", name: "HGH Fragment 176-191" },
  { id: "IGF-1 LR3", name: "IGF-1 LR3" },
  { id: "Kisspeptin-10", name: "Kisspeptin-10" },
  { id: "DSIP", name: "DSIP" },
  { id: "MOTS-c", name: "MOTS-c" },
  { id: "NAD+", name: "NAD+" },
];

type Expected = Partial<ListingMatch>;

const live = (
  peptideId: string,
  quantity: number,
  unit: ListingUnit = "mg",
  more: Expected = {},
): Expected => ({
  peptideId,
  quantity,
  unit,
  ...more,
});
const lookAlike = (lookAlikeOf: string, quantity: number): Expected => ({
  peptideId: null,
  lookAlikeOf,
  quantity,
});

const HELD_OUT: [title: string, expected: Expected][] = [
  ["BPC 157 5mg", live("BPC-157", 5)],
  ["BPC157 10mg", live("BPC-157", 10)],
  ["Bpc-157 5 mg vial", live("BPC-157", 5)],
  ["bpc-157 (5mg)", live("BPC-157", 5)],
  ["BPC-157 10MG", live("BPC-157", 10)],
  ["CJC-1295 w/o DAC 2mg", lookAlike("CJC-1295", 2)],
  ["CJC-1295 with DAC 2mg", lookAlike("CJC-1295", 2)],
  ["CJC 1295 2mg", live("CJC-1295", 2)],
  ["Tesamorelin 10MG", live("Tesamorelin", 10)],
  ["Tesamorelin 2mg x 10", live("Tesamorelin", 2, "mg", { vials: 10 })],
  ["GHK Cu 50mg", live("GHK-Cu", 50)],
  ["GHK-CU 100 mg", live("GHK-Cu", 100)],
  ["Copper Peptide 50mg", live("GHK-Cu", 50)],
  ["Melanotan 1 10mg", lookAlike("Melanotan II", 10)],
  ["MT-1 10mg", lookAlike("Melanotan II", 10)],
  ["MT-2 10mg", live("Melanotan II", 10)],
  ["Melanotan II 10 mg", live("Melanotan II", 10)],
  ["Melanotan 2 10mg", live("Melanotan II", 10)],
  ["TB500 Frag 5mg", lookAlike("TB-500", 5)],
  ["TB-500 Fragment 17-23 5mg", lookAlike("TB-500", 5)],
  ["TB 500 10mg", live("TB-500", 10)],
  ["TB-500 (Thymosin Beta 4) 5mg", live("TB-500", 5)],
  ["BPC-157 + TB-500 10mg", { peptideId: null, blend: true, lookAlikeOf: null }],
  ["BPC-157/TB-500 Blend 20mg", { peptideId: null, blend: true, quantity: 20 }],
  ["CJC-1295 + Ipamorelin 10mg", { peptideId: null, blend: true }],
  ["Semaglutide 5mg x 3 vials", live("Semaglutide", 5, "mg", { vials: 3 })],
  ["Semaglutide 5 mg + Bac Water", live("Semaglutide", 5)],
  ["Tirzepatide 10mg (3 vials)", live("Tirzepatide", 10, "mg", { vials: 3 })],
  ["Ipamorelin 5mg - 99% purity", live("Ipamorelin", 5)],
  ["IPAMORELIN 2MG", live("Ipamorelin", 2)],
  ["Ipamorelin 5 mg 5-pack", live("Ipamorelin", 5, "mg", { vials: 5 })],
  ["Epithalon 10mg", live("Epitalon", 10)],
  ["Epitalon 50 mg", live("Epitalon", 50)],
  ["PT 141 10mg", live("PT-141", 10)],
  ["Selank 5mg", live("Selank", 5)],
  ["Semax 0.1% Nasal Spray 3ml", live("Semax", 3, "ml", { form: "spray" })],
  ["AOD 9604 5mg", live("AOD-9604", 5)],
  ["HGH Frag 176-191 5mg", live("HGH Fragment 176-191", 5)],
  ["IGF-1 LR3 1mg", live("IGF-1 LR3", 1)],
  ["IGF1-LR3 0.1mg", live("IGF-1 LR3", 0.1)],
  ["IGF-1 DES 1mg", { peptideId: null, quantity: 1 }],
  ["Kisspeptin-10 10mg", live("Kisspeptin-10", 10)],
  ["DSIP 5mg", live("DSIP", 5)],
  ["MOTS-C 10mg", live("MOTS-c", 10)],
  ["NAD+ 500mg", live("NAD+", 500)],
  ["Retatrutide 10mg", { peptideId: null, quantity: 10, lookAlikeOf: null }],
];

/** Fully right: every field the expectation names, and no look-alike where none is expected. */
function isRight(title: string, expected: Expected): boolean {
  const match = matchListing(title, CATALOGUE);
  const wanted: Expected = {
    lookAlikeOf: null,
    blend: false,
    vials: 1,
    form: "vial",
    unit: expected.quantity === undefined ? undefined : "mg",
    ...expected,
  };
  return Object.entries(wanted).every(
    ([key, value]) => value === undefined || match[key as keyof ListingMatch] === value,
  );
}

describe("matchListing on held-out shop names", () => {
  it("reads at least 98% of them fully right, and prints the share", () => {
    const wrong = HELD_OUT.filter(([title, expected]) => !isRight(title, expected));
    const share = (HELD_OUT.length - wrong.length) / HELD_OUT.length;
    console.log(
      `held-out names: ${HELD_OUT.length - wrong.length}/${HELD_OUT.length} fully right (${(share * 100).toFixed(1)}%)` +
        wrong
          .map(
            ([title]) => `\n  wrong: ${title} → ${JSON.stringify(matchListing(title, CATALOGUE))}`,
          )
          .join(""),
    );
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(40);
    expect(share).toBeGreaterThanOrEqual(0.98);
  });

  it("lets an alias say that a qualified name is the catalogue's peptide", () => {
    const withAlias = CATALOGUE.map((peptide) =>
      peptide.id === "TB-500" ? { ...peptide, aliases: ["TB-500 Fragment"] } : peptide,
    );
    expect(matchListing("TB-500 Fragment 17-23 5mg", withAlias)).toMatchObject({
      peptideId: "TB-500",
      lookAlikeOf: null,
    });
  });

  it("keeps plain CJC-1295 for 'no DAC' when the catalogue also has it with DAC", () => {
    const both = [...CATALOGUE, { id: "CJC-1295 DAC", name: "CJC-1295 with DAC" }];
    expect(matchListing("CJC-1295 no DAC 2mg", both)).toMatchObject({
      peptideId: "CJC-1295",
      lookAlikeOf: null,
    });
    expect(matchListing("CJC-1295 with DAC 2mg", both).peptideId).toBe("CJC-1295 DAC");
  });
});
