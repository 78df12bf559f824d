/**
 * The price history of one peptide's offers for the detail page's chart, summed up in
 * the database per offer and day, week or month (see HistoryBucket): one query whatever
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

/**
 * [span start, last price, when it was recorded, when the span's one price was first recorded]
 * when the span saw one price, else [span start, last price, when it was recorded, low, when the
 * low was first recorded, high, when the high was first recorded]; every time in epoch ms.
 */
type PointTuple =
  [number, number, number, number] | [number, number, number, number, number, number, number];

const DAY_MS = 86_400_000;

const epochMs = (column: string) => sql.raw(`round(extract(epoch from ${column}) * 1000)`);

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
        select o.id, before.observed_at, before.price, before.observed_at,
               before.price, before.observed_at, before.price, before.observed_at from offers o
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
             max(ph.observed_at) as last_at,
             min(ph.price) as low,
             (array_agg(ph.observed_at order by ph.price, ph.observed_at))[1] as low_at,
             max(ph.price) as high,
             (array_agg(ph.observed_at order by ph.price desc, ph.observed_at))[1] as high_at
        from price_history ph join offers o on o.id = ph.vendor_peptide_id
       where ${inRange}
       group by 1, 2
      ${carriedIn})
    select id, (select name from unit) as bucket,
           json_agg(case when low = high
                 then json_build_array(${epochMs("observed_at")}, price, ${epochMs("last_at")}, ${epochMs("low_at")})
                 else json_build_array(${epochMs("observed_at")}, price, ${epochMs("last_at")},
                   low, ${epochMs("low_at")}, high, ${epochMs("high_at")}) end
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
        points: tuples.map((tuple): PricePoint => {
          if (tuple.length === 4) {
            const [t, price, lastAt, firstAt] = tuple.map(Number) as typeof tuple;
            return { t, price, lastAt, lowAt: firstAt, highAt: firstAt };
          }
          const [t, price, lastAt, low, lowAt, high, highAt] = tuple.map(Number) as typeof tuple;
          return { t, price, lastAt, low, lowAt, high, highAt };
        }),
      };
    }),
  };
}
