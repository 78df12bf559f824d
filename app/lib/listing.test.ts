import { describe, expect, it } from "vitest";

import {
  listingNameAlias,
  matchListing,
  type CataloguePeptide,
  type ListingForm,
  type ListingUnit,
} from "./listing";

// A catalogue shaped like a real one: names with digits, hyphens, "+", brackets and qualifiers.
const CATALOGUE: CataloguePeptide[] = [
  { id: "BPC-157", name: "BPC-157", aliases: ["Body Protection Compound 157"] },
  { id: "TB-500", name: "TB-500", aliases: ["Thymosin Beta-4", "TB4"] },
  { id: "GHK-Cu", name: "GHK-Cu", aliases: ["Copper Peptide GHK-Cu"] },
  { id: "Epitalon", name: "Epitalon", aliases: ["Epithalon", "Epithalone"] },
  { id: "Ipamorelin", name: "Ipamorelin" },
  { id: "CJC-1295 (no DAC)", name: "CJC-1295 (no DAC)", aliases: ["Mod GRF 1-29"] },
  { id: "CJC-1295 with DAC", name: "CJC-1295 with DAC" },
  { id: "Sermorelin", name: "Sermorelin" },
  { id: "Tesamorelin", name: "Tesamorelin" },
  { id: "Semaglutide", name: "Semaglutide" },
  { id: "Tirzepatide", name: "Tirzepatide" },
  { id: "Retatrutide", name: "Retatrutide" },
  { id: "AOD-9604", name: "AOD-9604" },
  { id: "HGH Fragment 176-191", name: "HGH Fragment 176-191", aliases: ["Fragment 176-191"] },
  { id: "Selank", name: "Selank" },
  { id: "Semax", name: "Semax" },
  { id: "DSIP", name: "DSIP", aliases: ["Delta Sleep-Inducing Peptide"] },
  { id: "Thymosin Alpha-1", name: "Thymosin Alpha-1", aliases: ["TA-1", "Thymalfasin"] },
  { id: "MOTS-c", name: "MOTS-c" },
  { id: "Melanotan II", name: "Melanotan II", aliases: ["MT-II", "MT-2"] },
  { id: "Melanotan I", name: "Melanotan I", aliases: ["MT-1", "Afamelanotide"] },
  { id: "PT-141", name: "PT-141", aliases: ["Bremelanotide"] },
  { id: "KPV", name: "KPV" },
  { id: "LL-37", name: "LL-37" },
  { id: "NAD+", name: "NAD+" },
  { id: "IGF-1 LR3", name: "IGF-1 LR3" },
  { id: "IGF-1 DES", name: "IGF-1 DES" },
  { id: "PEG-MGF", name: "PEG-MGF" },
  { id: "MGF", name: "MGF" },
  { id: "GHRP-2", name: "GHRP-2" },
  { id: "GHRP-6", name: "GHRP-6" },
  { id: "Kisspeptin-10", name: "Kisspeptin-10" },
  { id: "HCG", name: "HCG" },
  { id: "Oxytocin", name: "Oxytocin" },
  { id: "Cagrilintide", name: "Cagrilintide" },
];

type Expected = [
  peptideId: string | null,
  quantity: number | null,
  unit: ListingUnit | null,
  vials?: number,
  blend?: boolean,
  form?: ListingForm,
];

const TABLE: [title: string, expected: Expected][] = [
  // Plain single vials, spelled the way shops do.
  ["BPC-157 5mg", ["BPC-157", 5, "mg"]],
  ["BPC 157 Peptide 10mg Vial", ["BPC-157", 10, "mg"]],
  ["BPC157 10 mg", ["BPC-157", 10, "mg"]],
  ["bpc-157 - 5mg", ["BPC-157", 5, "mg"]],
  ["BPC-157 Arginate 5mg", ["BPC-157", 5, "mg"]],
  ["Body Protection Compound 157 (BPC-157) 10mg", ["BPC-157", 10, "mg"]],
  ["TB-500 (Thymosin Beta-4) 10 mg vial", ["TB-500", 10, "mg"]],
  ["TB500 5mg", ["TB-500", 5, "mg"]],
  ["Thymosin Beta 4 5mg", ["TB-500", 5, "mg"]],
  ["Tesamorelin 5mg - 99% purity", ["Tesamorelin", 5, "mg"]],
  ["Tesamorelin Acetate 10mg (99%+ Purity)", ["Tesamorelin", 10, "mg"]],
  ["MT-2 10mg", ["Melanotan II", 10, "mg"]],
  ["MT2 10mg", ["Melanotan II", 10, "mg"]],
  ["Melanotan II 10mg", ["Melanotan II", 10, "mg"]],
  ["Melanotan 2 10mg", ["Melanotan II", 10, "mg"]],
  ["Melanotan-II 10 mg Lyophilized", ["Melanotan II", 10, "mg"]],
  ["Melanotan 1 10mg", ["Melanotan I", 10, "mg"]],
  ["Epithalon 10mg", ["Epitalon", 10, "mg"]],
  ["Epitalon 50mg", ["Epitalon", 50, "mg"]],
  ["PT-141 (Bremelanotide) 10mg", ["PT-141", 10, "mg"]],
  ["Bremelanotide 10mg", ["PT-141", 10, "mg"]],
  ["PT141 10mg", ["PT-141", 10, "mg"]],
  ["Ipamorelin 2000mcg", ["Ipamorelin", 2, "mg"]],
  ["Ipamorelin 5 mg – Lyophilized Powder", ["Ipamorelin", 5, "mg"]],
  ["Ipamorelin 500 mcg", ["Ipamorelin", 0.5, "mg"]],
  ["Semaglutide 3mg (GLP-1)", ["Semaglutide", 3, "mg"]],
  ["Semaglutide 5 mg", ["Semaglutide", 5, "mg"]],
  ["Tirzepatide 30mg", ["Tirzepatide", 30, "mg"]],
  ["Retatrutide 10 mg", ["Retatrutide", 10, "mg"]],
  ["Thymosin Alpha-1 5mg", ["Thymosin Alpha-1", 5, "mg"]],
  ["Thymosin Alpha 1 10mg", ["Thymosin Alpha-1", 10, "mg"]],
  ["TA-1 5mg", ["Thymosin Alpha-1", 5, "mg"]],
  ["Thymosin α1 5mg", ["Thymosin Alpha-1", 5, "mg"]],
  ["GHK-Cu 50mg", ["GHK-Cu", 50, "mg"]],
  ["GHK Copper Peptide 100 mg", ["GHK-Cu", 100, "mg"]],
  ["GHKCu 1g", ["GHK-Cu", 1000, "mg"]],
  ["HGH Frag 176-191 5mg", ["HGH Fragment 176-191", 5, "mg"]],
  ["HGH Fragment 176-191 2mg", ["HGH Fragment 176-191", 2, "mg"]],
  ["Fragment 176-191 5mg", ["HGH Fragment 176-191", 5, "mg"]],
  ["AOD9604 5mg", ["AOD-9604", 5, "mg"]],
  ["AOD-9604 2mg", ["AOD-9604", 2, "mg"]],
  ["Sermorelin Acetate 2mg", ["Sermorelin", 2, "mg"]],
  ["Selank 5mg", ["Selank", 5, "mg"]],
  ["Semax 10mg", ["Semax", 10, "mg"]],
  ["DSIP 5mg", ["DSIP", 5, "mg"]],
  ["MOTS-c 10mg", ["MOTS-c", 10, "mg"]],
  ["MOTS C 5mg", ["MOTS-c", 5, "mg"]],
  ["KPV 10mg", ["KPV", 10, "mg"]],
  ["LL-37 5mg", ["LL-37", 5, "mg"]],
  ["NAD+ 500mg", ["NAD+", 500, "mg"]],
  ["NAD+ 1000 mg Vial", ["NAD+", 1000, "mg"]],
  ["IGF-1 LR3 1mg", ["IGF-1 LR3", 1, "mg"]],
  ["IGF1-LR3 100mcg", ["IGF-1 LR3", 0.1, "mg"]],
  ["IGF-1 DES 1mg", ["IGF-1 DES", 1, "mg"]],
  ["PEG-MGF 2mg", ["PEG-MGF", 2, "mg"]],
  ["MGF 2mg", ["MGF", 2, "mg"]],
  ["Kisspeptin-10 5mg", ["Kisspeptin-10", 5, "mg"]],
  ["HCG 5000IU", ["HCG", 5000, "IU"]],
  ["HCG 5,000 IU", ["HCG", 5000, "IU"]],
  ["Oxytocin 2mg", ["Oxytocin", 2, "mg"]],
  // DAC / no DAC, GHRP-2 / GHRP-6 stay apart.
  ["CJC-1295 w/o DAC 2mg", ["CJC-1295 (no DAC)", 2, "mg"]],
  ["CJC-1295 no DAC 5mg", ["CJC-1295 (no DAC)", 5, "mg"]],
  ["CJC-1295 (without DAC) 2mg", ["CJC-1295 (no DAC)", 2, "mg"]],
  ["Mod GRF 1-29 2mg", ["CJC-1295 (no DAC)", 2, "mg"]],
  ["CJC1295 DAC 5mg", ["CJC-1295 with DAC", 5, "mg"]],
  ["CJC-1295 with DAC 2mg", ["CJC-1295 with DAC", 2, "mg"]],
  ["CJC-1295 w/ DAC 5mg", ["CJC-1295 with DAC", 5, "mg"]],
  ["GHRP-2 5mg", ["GHRP-2", 5, "mg"]],
  ["GHRP-6 5mg", ["GHRP-6", 5, "mg"]],
  ["GHRP 6 10mg", ["GHRP-6", 10, "mg"]],
  // Packs.
  ["TB500 5mg x 10 vials", ["TB-500", 5, "mg", 10]],
  ["BPC-157 10mg x 5 vials", ["BPC-157", 10, "mg", 5]],
  ["BPC-157 10mg x 3", ["BPC-157", 10, "mg", 3]],
  ["Ipamorelin 5mg kit (10 vials)", ["Ipamorelin", 5, "mg", 10]],
  ["Semaglutide 5mg 5-pack", ["Semaglutide", 5, "mg", 5]],
  ["10 x 5mg Tirzepatide", ["Tirzepatide", 5, "mg", 10]],
  ["Retatrutide 10mg (Pack of 3)", ["Retatrutide", 10, "mg", 3]],
  ["BPC-157 10mg (2 x 5mg)", ["BPC-157", 5, "mg", 2]],
  ["HCG 10000IU 2 Vials", ["HCG", 10000, "IU", 2]],
  ["GHK-Cu 50mg - 1 vial", ["GHK-Cu", 50, "mg", 1]],
  ["Ipamorelin 10mg (5mg x 2)", ["Ipamorelin", 5, "mg", 2]],
  ["Semaglutide 5mg + Bac Water", ["Semaglutide", 5, "mg"]],
  ["Tirzepatide 10mg (GLP-1/GIP)", ["Tirzepatide", 10, "mg"]],
  ["Retatrutide 5mg/vial", ["Retatrutide", 5, "mg"]],
  ["Semaglutide 5mg/3ml Pen", ["Semaglutide", 5, "mg", 1, false, "pen"]],
  // Blends are never a single peptide.
  ["BPC-157 + TB-500 Blend 10mg", [null, 10, "mg", 1, true]],
  ["BPC-157/TB-500 10mg", [null, 10, "mg", 1, true]],
  ["BPC-157 5mg + TB-500 5mg", [null, 10, "mg", 1, true]],
  ["CJC-1295 no DAC + Ipamorelin 10mg", [null, 10, "mg", 1, true]],
  ["Ipamorelin & CJC-1295 5mg", [null, 5, "mg", 1, true]],
  ["GLOW Blend 70mg", [null, 70, "mg", 1, true]],
  ["Wolverine Stack 20mg", [null, 20, "mg", 1, true]],
  ["Tesamorelin with Ipamorelin 12mg", [null, 12, "mg", 1, true]],
  // Not vials.
  ["BPC-157 500mcg capsules (60 ct)", ["BPC-157", 0.5, "mg", 1, false, "capsule"]],
  ["BPC-157 Oral Tablets 500mcg", ["BPC-157", 0.5, "mg", 1, false, "tablet"]],
  ["BPC-157 Capsules 500mcg x 60", ["BPC-157", 0.5, "mg", 1, false, "capsule"]],
  ["Selank 5mg nasal spray", ["Selank", 5, "mg", 1, false, "spray"]],
  ["Semax Nasal 30ml", ["Semax", 30, "ml", 1, false, "spray"]],
  ["Semaglutide Pen 5mg", ["Semaglutide", 5, "mg", 1, false, "pen"]],
  ["BPC-157 Oral 250mcg", ["BPC-157", 0.25, "mg", 1, false, "other"]],
  ["GHK-Cu Serum 30ml", ["GHK-Cu", 30, "ml", 1, false, "other"]],
  // Not in the catalogue, or not telling enough.
  ["Bacteriostatic water 10ml", [null, 10, "ml"]],
  ["Cerebrolysin 5ml", [null, 5, "ml"]],
  ["Thymosin 5mg", [null, 5, "mg"]],
  ["GHRP 5mg", [null, 5, "mg"]],
  ["Mystery Research Peptide", [null, null, null]],
  ["GLP-1 5mg", [null, 5, "mg"]],
  ["Cagrilintide 5mg", ["Cagrilintide", 5, "mg"]],
];

function expectedMatch([peptideId, quantity, unit, vials, blend, form]: Expected) {
  return {
    peptideId,
    quantity,
    unit,
    vials: vials ?? 1,
    blend: blend ?? false,
    form: form ?? "vial",
    lookAlikeOf: null,
  };
}

describe("matchListing over a table of shop spellings", () => {
  it("reads at least 95% of the table right, and prints the share", () => {
    const wrong = TABLE.filter(
      ([title, expected]) =>
        JSON.stringify(matchListing(title, CATALOGUE)) !== JSON.stringify(expectedMatch(expected)),
    );
    const share = (TABLE.length - wrong.length) / TABLE.length;
    console.log(
      `matchListing: ${TABLE.length - wrong.length}/${TABLE.length} right (${(share * 100).toFixed(1)}%)` +
        wrong
          .map(
            ([title]) => `\n  wrong: ${title} → ${JSON.stringify(matchListing(title, CATALOGUE))}`,
          )
          .join(""),
    );
    expect(TABLE.length).toBeGreaterThanOrEqual(80);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it.each(TABLE)("%s", (title, expected) => {
    expect(matchListing(title, CATALOGUE)).toEqual(expectedMatch(expected));
  });
});

describe("matchListing", () => {
  it("gives null when two peptides fit the same words equally", () => {
    const catalogue = [
      { id: "a", name: "Alpha Peptide", aliases: ["AP-1"] },
      { id: "b", name: "Beta Peptide", aliases: ["AP-1"] },
    ];
    expect(matchListing("AP-1 5mg", catalogue).peptideId).toBeNull();
    expect(matchListing("Alpha Peptide 5mg", catalogue).peptideId).toBe("a");
  });

  it("prefers the longest name that fits", () => {
    const catalogue = [
      { id: "igf", name: "IGF-1" },
      { id: "lr3", name: "IGF-1 LR3" },
    ];
    expect(matchListing("IGF-1 LR3 1mg", catalogue).peptideId).toBe("lr3");
    expect(matchListing("IGF-1 1mg", catalogue).peptideId).toBe("igf");
  });

  it("does not read a name with DAC as one without", () => {
    const catalogue = [{ id: "nodac", name: "CJC-1295 (no DAC)" }];
    expect(matchListing("CJC-1295 2mg", catalogue).peptideId).toBe("nodac");
    expect(matchListing("CJC-1295 with DAC 2mg", catalogue).peptideId).toBeNull();
  });

  it("gives null for a bare CJC-1295 when the catalogue has it with and without DAC", () => {
    expect(matchListing("CJC-1295 2mg", CATALOGUE).peptideId).toBeNull();
    const plainAndDac = [
      { id: "plain", name: "CJC-1295" },
      { id: "dac", name: "CJC-1295 DAC" },
    ];
    expect(matchListing("CJC-1295 2mg", plainAndDac).peptideId).toBe("plain");
    expect(matchListing("CJC-1295 no DAC 2mg", plainAndDac).peptideId).toBe("plain");
    expect(matchListing("CJC-1295 with DAC 2mg", plainAndDac).peptideId).toBe("dac");
  });

  it("reads a catalogue name with '+' or '/' as that entry, not as a blend of others", () => {
    const catalogue = [
      { id: "nad", name: "NAD+" },
      { id: "wolverine", name: "BPC-157 / TB-500 Blend" },
      { id: "bpc", name: "BPC-157" },
    ];
    expect(matchListing("NAD+ 100mg", catalogue)).toMatchObject({ peptideId: "nad", blend: false });
    expect(matchListing("BPC-157/TB-500 Blend 10mg", catalogue)).toMatchObject({
      peptideId: "wolverine",
      blend: true,
    });
  });
});

describe("listingNameAlias", () => {
  it.each([
    ["Epithalon 10mg - 99% purity", "Epithalon"],
    ["TB-500 (Thymosin Beta-4) 10 mg vial", "TB-500"],
    ["MT-2 10mg x 5 vials", "MT-2"],
    ["Ipamorelin 2000mcg Lyophilized Powder", "Ipamorelin"],
    ["CJC-1295 w/o DAC 2mg", "CJC-1295 w/o DAC"],
  ])("%s → %s", (title, alias) => {
    expect(listingNameAlias(title)).toBe(alias);
  });
});
