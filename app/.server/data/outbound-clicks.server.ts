/**
 * Outbound clicks (issue 34): where /go sends a click, the click log it writes and the admin's
 * report of it per vendor and day.
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";

import type { Database } from "../db/client";
import { outboundClicks, settings, vendorPeptides, vendors } from "../db/schema";
import { priceIsPublic } from "./public-visibility.server";

export interface ClickTarget {
  vendorId: string;
  /** The shop's own address, as stored. */
  url: string;
  /** The vendor's template, or null when it has none or affiliation is switched off site-wide. */
  affiliateTemplate: string | null;
}

/** Whether affiliate templates apply at all (the settings row's switch; on without a row). */
const AFFILIATION_ON = sql<boolean>`coalesce((select ${settings.affiliateLinksEnabled} from ${settings} where ${settings.id} = 1), true)`;

/** A public offer's stored address and its vendor's template; null when there is none. */
export async function findOfferClickTarget(
  db: Database,
  offerId: string,
): Promise<ClickTarget | null> {
  const [row] = await db
    .select({
      vendorId: vendorPeptides.vendorId,
      url: vendorPeptides.url,
      affiliateTemplate: sql<
        string | null
      >`case when ${AFFILIATION_ON} then ${vendors.affiliateTemplate} end`,
    })
    .from(vendorPeptides)
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .where(and(eq(vendorPeptides.id, offerId), priceIsPublic()));
  return row?.url ? { ...row, url: row.url } : null;
}

/** A vendor's website and template, for the vendor page's link; null when it has no website. */
export async function findVendorClickTarget(
  db: Database,
  vendorId: string,
): Promise<ClickTarget | null> {
  const [row] = await db
    .select({
      vendorId: vendors.id,
      url: vendors.website,
      affiliateTemplate: sql<
        string | null
      >`case when ${AFFILIATION_ON} then ${vendors.affiliateTemplate} end`,
    })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  return row?.url ? { ...row, url: row.url } : null;
}

/** The vendors whose Buy links are affiliated right now (none while the site-wide switch is off). */
export async function listAffiliatedVendorIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(sql`${vendors.affiliateTemplate} is not null and ${AFFILIATION_ON}`);
  return rows.map((row) => row.id);
}

export async function recordOutboundClick(
  db: Database,
  click: {
    offerId: string | null;
    vendorId: string;
    page: string | null;
    shipTo: string | null;
    affiliated: boolean;
  },
): Promise<void> {
  await db.insert(outboundClicks).values(click);
}

export interface ClickReportRow {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  vendorId: string;
  /** The vendor's name today; null when the vendor has since been deleted. */
  vendorName: string | null;
  clicks: number;
  affiliatedClicks: number;
}

/** Counted clicks per UTC day and vendor in [from, to), oldest day first. */
export async function getClickReport(
  db: Database,
  range: { from: Date; to: Date },
): Promise<ClickReportRow[]> {
  const day = sql<string>`to_char(${outboundClicks.clickedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      vendorId: outboundClicks.vendorId,
      vendorName: vendors.name,
      clicks: sql<number>`count(*)::int`,
      affiliatedClicks: sql<number>`(count(*) filter (where ${outboundClicks.affiliated}))::int`,
    })
    .from(outboundClicks)
    .leftJoin(vendors, eq(vendors.id, outboundClicks.vendorId))
    .where(and(gte(outboundClicks.clickedAt, range.from), lt(outboundClicks.clickedAt, range.to)))
    .groupBy(day, outboundClicks.vendorId, vendors.name)
    .orderBy(asc(day), asc(vendors.name));
}
