/**
 * The PostgreSQL catalogue the HTTP benchmarks measure (`bench-http.ts`, `bench-ab.ts`), made in
 * SQL on a migrated database, empty or holding the demo data (the generated rows use their own
 * names and never take the demo vendors' coupons).
 */
import pg from "pg";

export const PG_PEPTIDES = 2_000;
export const PG_PRICE_HISTORY_ROWS = 1_000_000;

/**
 * 2,000 peptides (2 sizes, 4 offers each) and 1,000,000 price-history rows, made in SQL; the
 * admin-table plan test asks for its own counts.
 */
export async function seedLargeCatalogue(
  url: string,
  { peptides = PG_PEPTIDES, priceHistoryRows = PG_PRICE_HISTORY_ROWS } = {},
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`insert into categories (name, slug)
      select 'Bench ' || n, 'bench-' || n from generate_series(1, 6) n`);
    await client.query(`insert into vendors (name, rating)
      select 'Bench Vendor ' || n, 3 + n % 3 from generate_series(1, 8) n`);
    await client.query(`insert into coupons (vendor_id, code, discount_amount, discount_type)
      select id, 'BENCH' || row_number() over (), 10, 'percentage'
        from vendors where name like 'Bench Vendor %' order by name limit 4`);
    await client.query(`insert into peptides (name, slug, category_id, description, key_benefits, is_popular, popular_order)
      select 'Peptide ' || lpad(n::text, 5, '0'), 'peptide-' || n, c.ids[1 + n % 6], 'A generated peptide.',
             array['Generated'], n < 3, case when n < 3 then n + 1 end
        from generate_series(0, ${peptides - 1}) n,
             (select array_agg(id order by slug) ids from categories where slug like 'bench-%') c`);
    await client.query(`insert into size_options (peptide_id, quantity, unit)
      select p.id, q, 'mg' from peptides p cross join unnest(array[5, 10]) q
       where p.slug like 'peptide-%'`);
    await client.query(`insert into vendor_peptides (peptide_id, size_option_id, vendor_id, price, url, stock_status)
      select s.peptide_id, s.id, v.ids[1 + (abs(hashtext(s.id::text)) + k) % 8], 10 + s.quantity * 3 + k * 5,
             'https://vendor.example/' || s.id || '/' || k, case when k = 3 then 'out_of_stock' else 'in_stock' end
        from size_options s join peptides p on p.id = s.peptide_id and p.slug like 'peptide-%'
             cross join generate_series(0, 3) k,
             (select array_agg(id order by name) ids from vendors where name like 'Bench Vendor %') v`);
    const [{ offers }] = (await client.query(`select count(*)::int offers from vendor_peptides`))
      .rows as { offers: number }[];
    const perOffer = Math.ceil(priceHistoryRows / offers);
    await client.query(`insert into price_history (vendor_peptide_id, price, in_stock, observed_at)
      select vp.id, vp.price + (d % 7) - 3, d % 11 <> 0, now() - make_interval(days => d)
        from vendor_peptides vp cross join generate_series(1, ${perOffer}) d`);
    await client.query("analyze");
    const [{ rows }] = (await client.query(`select count(*)::int rows from price_history`))
      .rows as { rows: number }[];
    return rows;
  } finally {
    await client.end();
  }
}
