import { count, sql } from "drizzle-orm";

import type { Database } from "~/.server/db/client";
import * as t from "~/.server/db/schema";

const CATEGORY_COUNT = 5;
const VENDOR_COUNT = 8;
const VENDORS_PER_SIZE = 4;
const SIZES_MG = [5, 10];
/**
 * Grows the catalogue to `total` generated peptides (2 sizes, 4 offers each, with
 * coupons and price history) by set-based inserts, so query counts and timings can be compared
 * across catalogue sizes. Call it again with a larger total to add the difference.
 */
export async function seedSyntheticCatalogue(
  db: Database,
  total: number,
): Promise<{ firstSlug: string }> {
  const [{ existing }] = await db.select({ existing: count() }).from(t.peptides);
  if (existing === 0) {
    await db.insert(t.categories).values(
      Array.from({ length: CATEGORY_COUNT }, (_, i) => ({
        name: `Synthetic ${i + 1}`,
        slug: `synthetic-${i + 1}`,
      })),
    );
    const vendorRows = await db
      .insert(t.vendors)
      .values(
        Array.from({ length: VENDOR_COUNT }, (_, i) => ({
          name: `Synthetic Vendor ${i + 1}`,
          rating: 3 + (i % 3),
        })),
      )
      .returning({ id: t.vendors.id });
    await db.insert(t.coupons).values(
      vendorRows.slice(0, 4).map((v, i) => ({
        vendorId: v.id,
        code: `SYN${i}`,
        discountAmount: i % 2 === 0 ? 10 : 5,
        discountType: i % 2 === 0 ? "percentage" : "fixed",
        expirationDate: i === 3 ? "2000-01-01" : null,
      })),
    );
  }
  // Generated inside the database: far faster than binding hundreds of thousands of parameters.
  await db.execute(sql`
    insert into peptides (name, slug, category_id, description, key_benefits, is_popular, popular_order)
    select 'Peptide ' || lpad(n::text, 5, '0'), 'peptide-' || n, cats.ids[1 + n % array_length(cats.ids, 1)],
           'A generated peptide.', array['Generated'], n < 3, case when n < 3 then n + 1 end
      from generate_series(${existing}::int, ${total - 1}::int) n,
           (select array_agg(id order by slug) ids from categories) cats`);
  await db.execute(sql`
    insert into size_options (peptide_id, quantity, unit)
    select p.id, q.mg, 'mg' from peptides p cross join unnest(array[${sql.raw(SIZES_MG.join(", "))}]) q(mg)
     where not exists (select 1 from size_options s where s.peptide_id = p.id)`);
  await db.execute(sql`
    insert into vendor_peptides (peptide_id, size_option_id, vendor_id, price, url, purity, stock_status)
    select s.peptide_id, s.id, vs.ids[1 + (p.n + v) % array_length(vs.ids, 1)],
           10 + s.quantity * 3 + ((p.n * 7 + v * 13) % 40),
           'https://vendor.example/' || p.n || '/' || s.quantity, '99%',
           case when v = ${VENDORS_PER_SIZE - 1} then 'out_of_stock' else 'in_stock' end
      from size_options s
      join (select id, substring(slug from 9)::int n from peptides) p on p.id = s.peptide_id
      cross join generate_series(0, ${VENDORS_PER_SIZE - 1}::int) v
      cross join (select array_agg(id order by name) ids from vendors) vs
     where not exists (select 1 from vendor_peptides vp where vp.size_option_id = s.id)`);
  await db.execute(sql`
    insert into price_history (vendor_peptide_id, price, in_stock, observed_at)
    select vp.id, vp.price + 2, true, now() - interval '1 day' from vendor_peptides vp
     where not exists (select 1 from price_history ph where ph.vendor_peptide_id = vp.id)`);
  return { firstSlug: "peptide-0" };
}
