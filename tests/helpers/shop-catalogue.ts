import { and, eq } from "drizzle-orm";

import type { Database } from "~/.server/db/client";
import * as t from "~/.server/db/schema";

import type { FixtureProduct } from "./shop-fixtures";

/** Peptides of the test's own catalogue, each in 5 mg and 10 mg. */
export const SHOP_PEPTIDES = [
  "BPC-157",
  "TB-500",
  "GHK-Cu",
  "Epitalon",
  "Semax",
  "Selank",
  "Ipamorelin",
  "Tesamorelin",
  "Sermorelin",
  "Hexarelin",
  "DSIP",
  "MOTS-c",
  "AOD-9604",
  "PT-141",
  "Oxytocin",
  "Kisspeptin",
  "Gonadorelin",
  "Thymalin",
  "Pinealon",
  "Cortagen",
];

export async function seedShopCatalogue(db: Database): Promise<void> {
  const rows = await db
    .insert(t.peptides)
    .values(SHOP_PEPTIDES.map((name) => ({ name, slug: name.toLowerCase() })))
    .returning({ id: t.peptides.id });
  await db
    .insert(t.sizeOptions)
    .values(
      rows.flatMap(({ id }) =>
        [5, 10].map((quantity) => ({ peptideId: id, quantity, unit: "mg" })),
      ),
    );
}

/** What a correct run makes of one offer: its live price, or the review reason it waits with. */
export type Expected =
  | { name: string; peptide: string; mg: number; price: number; soldOut: boolean }
  | { name: string; reason: string };

const UNKNOWN = ["Zorvatide", "Quelmorin", "Vantrelix", "Drosenide", "Palutrin"];

/**
 * A generated shop of 60 products: 20 catalogue peptides with a 5 mg and a 10 mg variation
 * (every third 10 mg sold out, every fourth 5 mg on sale), 10 sizes the catalogue lacks, 10
 * blends, 10 capsule products and 10 peptides the catalogue does not know.
 */
export function generatedShop(): { products: FixtureProduct[]; expected: Expected[] } {
  const products: FixtureProduct[] = [];
  const expected: Expected[] = [];
  SHOP_PEPTIDES.forEach((peptide, i) => {
    const onSale = i % 4 === 0;
    const soldOut = i % 3 === 0;
    const five = { label: "5mg", price: 30 + i, salePrice: onSale ? 25 + i : undefined };
    const ten = { label: "10mg", price: 50 + i, inStock: !soldOut };
    products.push({ name: peptide, variants: [five, ten] });
    expected.push(
      {
        name: `${peptide} – 5mg`,
        peptide,
        mg: 5,
        price: five.salePrice ?? five.price,
        soldOut: false,
      },
      { name: `${peptide} – 10mg`, peptide, mg: 10, price: ten.price, soldOut },
    );
  });
  for (let i = 0; i < 10; i += 1) {
    const add = (name: string, reason: string, price: number) => {
      products.push({ name, variants: [{ label: "", price }] });
      expected.push({ name, reason });
    };
    add(`${SHOP_PEPTIDES[i]} 20mg`, "unknown_size", 90 + i);
    add(`${SHOP_PEPTIDES[i]} + ${SHOP_PEPTIDES[i + 10]} Blend 10mg`, "blend", 70 + i);
    add(`${SHOP_PEPTIDES[i + 5]} Capsules 500mcg x 60`, "not_vial", 40 + i);
    add(`${UNKNOWN[i % 5]}${i < 5 ? "" : "-X"} 10mg`, "unknown_peptide", 20 + i);
  }
  return { products, expected };
}

export interface Tally {
  right: number;
  held: number;
  wrong: string[];
  heldReasons: Record<string, number>;
}

/** The vendor's offers as stored: peptide name, size in mg, price, currency, stock, URL, misses. */
export function storedOffersOf(db: Database, vendorId: string) {
  return db
    .select({
      peptide: t.peptides.name,
      mg: t.sizeOptions.quantity,
      price: t.vendorPeptides.price,
      currency: t.vendorPeptides.currency,
      stock: t.vendorPeptides.stockStatus,
      url: t.vendorPeptides.url,
      missed: t.vendorPeptides.missedScrapes,
    })
    .from(t.vendorPeptides)
    .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
    .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
    .where(eq(t.vendorPeptides.vendorId, vendorId));
}

/** Compares what the run stored for the vendor with what a correct run stores. */
export async function tallyOffers(
  db: Database,
  vendorId: string,
  expected: Expected[],
  currency: string,
): Promise<Tally> {
  const live = await storedOffersOf(db, vendorId);
  const pending = await db
    .select({ name: t.scrapeReviewItems.name, reason: t.scrapeReviewItems.reason })
    .from(t.scrapeReviewItems)
    .where(
      and(eq(t.scrapeReviewItems.vendorId, vendorId), eq(t.scrapeReviewItems.status, "pending")),
    );
  const tally: Tally = { right: 0, held: 0, wrong: [], heldReasons: {} };
  for (const offer of expected) {
    const waiting = pending.find((item) => item.name === offer.name);
    if ("reason" in offer) {
      if (waiting) {
        tally.held += 1;
        tally.heldReasons[waiting.reason] = (tally.heldReasons[waiting.reason] ?? 0) + 1;
      } else tally.wrong.push(`${offer.name}: not held for review`);
      continue;
    }
    const row = live.find((r) => r.peptide === offer.peptide && Number(r.mg) === offer.mg);
    if (
      row &&
      Number(row.price) === offer.price &&
      row.currency === currency &&
      (row.stock === "out_of_stock") === offer.soldOut
    )
      tally.right += 1;
    else if (!row && waiting) {
      tally.held += 1;
      tally.heldReasons[waiting.reason] = (tally.heldReasons[waiting.reason] ?? 0) + 1;
    } else tally.wrong.push(`${offer.name}: stored ${JSON.stringify(row ?? null)}`);
  }
  return tally;
}
