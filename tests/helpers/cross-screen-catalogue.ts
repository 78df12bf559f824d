/**
 * The catalogue of the cross-screen test (issue 30) beside the demo's: a random one, and every
 * offer saved and dropped in price so saved deals and the Atom feeds show each of them.
 */
import type { AppContext } from "~/.server/platform/context.server";
import type { Database } from "~/.server/db/client";
import * as t from "~/.server/db/schema";

import { createUserWithPassword } from "./auth";

const HOUR = 3_600_000;

/** A small seeded generator, so the random catalogue is the same on every run. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A random catalogue beside the demo's: six vendors in USD, EUR and GBP with a fee, free
 * shipping from a threshold or no stated fee, percentage and fixed coupons, and three peptides
 * of two sizes with offers in stock, out of stock, of several vials, and stale; per peptide, lab
 * tests that passed (one size), failed (one size) and failed for every size of the batch.
 */
export async function seedRandomCatalogue(db: Database, random: () => number) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const [category] = await db
    .insert(t.categories)
    .values({ name: "Random", slug: "random" })
    .returning({ id: t.categories.id });
  const currencies = ["USD", "EUR", "GBP"] as const;
  const vendorRows = await db
    .insert(t.vendors)
    .values(
      Array.from({ length: 6 }, (_, i) => {
        const shipping = i % 3;
        return {
          name: `Random Vendor ${i + 1}`,
          currency: currencies[i % 3],
          rating: 3 + (i % 3),
          shippingFee: shipping === 2 ? null : Math.round(random() * 1500) / 100,
          freeShippingThreshold: shipping === 1 ? 40 + Math.round(random() * 80) : null,
        };
      }),
    )
    .returning({ id: t.vendors.id });
  await db.insert(t.coupons).values(
    vendorRows.slice(0, 4).map((vendor, i) => ({
      vendorId: vendor.id,
      code: `RND${i}`,
      discountType: i % 2 === 0 ? ("percentage" as const) : ("fixed" as const),
      discountAmount: i % 2 === 0 ? 5 + Math.round(random() * 20) : 1 + Math.round(random() * 8),
    })),
  );
  for (let p = 0; p < 3; p += 1) {
    const [peptide] = await db
      .insert(t.peptides)
      .values({
        name: `Random Peptide ${p + 1}`,
        slug: `random-peptide-${p + 1}`,
        categoryId: category.id,
      })
      .returning({ id: t.peptides.id });
    const sizes = await db
      .insert(t.sizeOptions)
      .values([
        { peptideId: peptide.id, quantity: 5, unit: "mg" },
        { peptideId: peptide.id, quantity: 10, unit: "mg" },
      ])
      .returning({ id: t.sizeOptions.id, quantity: t.sizeOptions.quantity });
    for (const size of sizes) {
      for (const [v, vendor] of vendorRows.entries()) {
        if (random() < 0.25) continue;
        const roll = random();
        await db.insert(t.vendorPeptides).values({
          peptideId: peptide.id,
          sizeOptionId: size.id,
          vendorId: vendor.id,
          currency: currencies[v % 3],
          price: Math.round((10 + random() * size.quantity * 8) * 100) / 100,
          vials: roll < 0.15 ? 5 : 1,
          stockStatus: pick(["in_stock", "in_stock", "low_stock", "out_of_stock"] as const),
          priceCheckedAt: new Date(Date.now() - (roll > 0.8 ? 32 * HOUR : 10 * 60_000)),
        });
      }
    }
    const testedOn = new Date(Date.now() - 30 * 24 * HOUR).toISOString().slice(0, 10);
    const vendorOf = (offset: number) => vendorRows[(p + offset) % vendorRows.length]!.id;
    const test = (
      vendorId: string,
      sizeOptionId: string,
      coversAllSizes: boolean,
      purity: number,
    ) => ({
      vendorId,
      peptideId: peptide.id,
      sizeOptionId,
      coversAllSizes,
      labName: "Random Lab",
      testedOn,
      purityPercent: purity,
      claimedMassMg: 10,
      measuredMassMg: 9.9,
    });
    await db
      .insert(t.labTests)
      .values([
        test(vendorOf(0), sizes[0]!.id, false, 99.4),
        test(vendorOf(1), sizes[1]!.id, false, 91.2),
        test(vendorOf(3), sizes[0]!.id, true, 88.5),
      ]);
  }
}

/**
 * Every offer saved by one user, and a drop in every offer's history (a dearer price two hours
 * ago, today's an hour ago), so saved deals and the Atom feeds show each of them. The user's id.
 */
export async function saveAndDropEveryOffer(app: Pick<AppContext, "db" | "auth">): Promise<string> {
  const offers = await app.db
    .select({ id: t.vendorPeptides.id, price: t.vendorPeptides.price })
    .from(t.vendorPeptides);
  const watcher = await createUserWithPassword(app, "watcher@example.com", "watcher-password");
  await app.db.insert(t.savedDeals).values(
    offers.map((offer) => ({
      userId: watcher,
      vendorPeptideId: offer.id,
      peptideName: "snapshot",
      vendorName: "snapshot",
      priceAtSave: offer.price,
    })),
  );
  await app.db.insert(t.priceHistory).values(
    offers.flatMap((offer) => [
      {
        vendorPeptideId: offer.id,
        price: offer.price + 5,
        inStock: true,
        observedAt: new Date(Date.now() - 2 * HOUR),
      },
      {
        vendorPeptideId: offer.id,
        price: offer.price,
        inStock: true,
        observedAt: new Date(Date.now() - HOUR),
      },
    ]),
  );
  return watcher;
}
