/**
 * The recent price history of saved offers, for the sparkline on each saved deal's card
 * (issue 30 Must 5): one query for a whole page of cards, each offer's last price of each day
 * of the window and the price that held when it began.
 */
import { sql } from "drizzle-orm";

import type { PricePoint } from "~/lib/price-history";

import type { Database } from "../db/client";
import { rowsOf } from "../db/rows.server";

const DAY_MS = 86_400_000;

/** Each offer's points over the last `days` days, oldest first, by offer id; one query. */
export async function getRecentOfferHistory(
  db: Database,
  offerIds: string[],
  days: number,
  now: Date,
): Promise<Map<string, PricePoint[]>> {
  const history = new Map<string, PricePoint[]>();
  const ids = [...new Set(offerIds)];
  if (ids.length === 0) return history;
  const start = new Date(now.getTime() - days * DAY_MS);
  const result = await db.execute(sql`
    with offers as (
      select vp.id from vendor_peptides vp
       where vp.id in (${sql.join(
         ids.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})),
    points as (
      select ph.vendor_peptide_id as id,
             date_trunc('day', ph.observed_at at time zone 'UTC') at time zone 'UTC' as day,
             (array_agg(ph.price order by ph.observed_at desc))[1] as price
        from price_history ph join offers o on o.id = ph.vendor_peptide_id
       where ph.observed_at >= ${start}
       group by 1, 2
      union all
      select o.id, ${start}::timestamptz, before.price from offers o
      cross join lateral (select ph.price from price_history ph
        where ph.vendor_peptide_id = o.id and ph.observed_at < ${start}
        order by ph.observed_at desc limit 1) before)
    select id, json_agg(json_build_array(round(extract(epoch from day) * 1000), price)
                        order by day) as points
      from points group by id`);
  for (const row of rowsOf(result)) {
    const tuples = (typeof row.points === "string" ? JSON.parse(row.points) : row.points) as [
      number,
      number,
    ][];
    history.set(
      String(row.id),
      tuples.map(([t, price]) => ({
        t: Math.max(Number(t), start.getTime()),
        price: Number(price),
      })),
    );
  }
  return history;
}
