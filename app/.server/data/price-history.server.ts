/**
 * The price history of one peptide's vendor prices for the detail page's chart, summed up in
 * the database per vendor price and day, week or month (see HistoryBucket): one query whatever
 * the range, and a page of a few hundred points even over millions of history rows.
 */
import { sql } from "drizzle-orm";

import {
  DAILY_UP_TO_DAYS,
  RANGE_BUCKETS,
  rangeStart,
  WEEKLY_UP_TO_DAYS,
  type HistoryBucket,
  type HistoryRange,
  type PricePoint,
} from "~/lib/price-history";

import type { Database } from "../db/client";

import { peptideIsPublic, priceIsActive } from "./public-visibility.server";

export interface OfferHistory {
  vendorPeptideId: string;
  points: PricePoint[];
}

export interface PeptideHistory {
  /** What one point stands for. */
  bucket: HistoryBucket;
  offers: OfferHistory[];
}

/** [epoch ms, last price] when the span saw one price, else [epoch ms, last price, low, high]. */
type PointTuple = [number, number] | [number, number, number, number];

const DAY_MS = 86_400_000;

export async function getPriceHistory(
  db: Database,
  peptideSlug: string,
  range: HistoryRange,
  now: Date,
): Promise<PeptideHistory> {
  const start = rangeStart(range, now);
  const inRange = start === null ? sql`true` : sql`ph.observed_at >= ${start}`;
  // All of it: the bucket follows how far back the peptide's history goes.
  const bucket =
    range === "all"
      ? sql`(select case
            when min(ph.observed_at) >= ${new Date(now.getTime() - DAILY_UP_TO_DAYS * DAY_MS)} then 'day'
            when min(ph.observed_at) >= ${new Date(now.getTime() - WEEKLY_UP_TO_DAYS * DAY_MS)} then 'week'
            else 'month' end
           from price_history ph join offers o on o.id = ph.vendor_peptide_id)`
      : sql`${RANGE_BUCKETS[range]}::text`;
  // The price that held when the range began: each offer's last row before it, by index.
  const carriedIn =
    start === null
      ? sql``
      : sql`union all
        select o.id, before.observed_at, before.price, before.price, before.price from offers o
        cross join lateral (select ph.observed_at, ph.price from price_history ph
          where ph.vendor_peptide_id = o.id and ph.observed_at < ${start}
          order by ph.observed_at desc limit 1) before`;
  const result = (await db.execute(sql`
    with offers as (
      select vp.id from vendor_peptides vp join peptides p on p.id = vp.peptide_id
       where p.slug = ${peptideSlug} and ${peptideIsPublic("p")} and ${priceIsActive("vp")}),
    unit as (select ${bucket} as name),
    points as (
      select ph.vendor_peptide_id as id,
             date_trunc((select name from unit), ph.observed_at at time zone 'UTC') at time zone 'UTC' as observed_at,
             (array_agg(ph.price order by ph.observed_at desc))[1] as price,
             min(ph.price) as low, max(ph.price) as high
        from price_history ph join offers o on o.id = ph.vendor_peptide_id
       where ${inRange}
       group by 1, 2
      ${carriedIn})
    select id, (select name from unit) as bucket,
           json_agg(case when low = high
                 then json_build_array(round(extract(epoch from observed_at) * 1000), price)
                 else json_build_array(round(extract(epoch from observed_at) * 1000), price, low, high) end
               order by observed_at) as points
      from points group by id`)) as unknown as {
    rows: { id: string; bucket: HistoryBucket; points: PointTuple[] | string }[];
  };
  return {
    bucket: result.rows[0]?.bucket ?? RANGE_BUCKETS[range === "all" ? "30d" : range],
    offers: result.rows.map((row) => {
      const tuples = (
        typeof row.points === "string" ? JSON.parse(row.points) : row.points
      ) as PointTuple[];
      return {
        vendorPeptideId: row.id,
        points: tuples.map(([t, price, low, high]) =>
          low === undefined
            ? { t: Number(t), price: Number(price) }
            : { t: Number(t), price: Number(price), low: Number(low), high: Number(high) },
        ),
      };
    }),
  };
}
