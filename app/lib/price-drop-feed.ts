/** The Atom feeds of price drops: site-wide (/feeds/price-drops.atom) and per peptide. */

import { atomDate, buildAtomFeed, tagUri, type AtomEntry } from "~/lib/atom";
import { formatPrice } from "~/lib/format";
import { formatPack, perMgDelivered, SHIPPING_NOT_STATED } from "~/lib/offer-view";
import type { OfferPricing } from "~/lib/pricing";
import { formatSize } from "~/lib/units";

export const SITE_NAME = "PeptidePrices";
export const SITE_FEED_PATH = "/feeds/price-drops.atom";
/** A fixed day on which the site's host name was its own: part of every tag: id. */
const TAG_DATE = "2026-01-01";

export function peptideFeedPath(slug: string): string {
  return `/feeds/peptides/${encodeURIComponent(slug)}/price-drops.atom`;
}

export interface PriceDropItem {
  id: string;
  peptideName: string;
  peptideSlug: string;
  sizeQuantity: number;
  sizeUnit: string;
  sizeUnitLabel: string | null;
  vials: number;
  vendorName: string;
  previousPrice: number;
  price: number;
  currency: string;
  inStock: boolean;
  observedAt: Date;
  /** The offer now, as every screen prices it (priceOffer); null when it cannot be priced. */
  now: Pick<OfferPricing, "display"> | null;
}

function sizeLabel(drop: PriceDropItem): string {
  return formatSize(drop.sizeQuantity, drop.sizeUnit, drop.sizeUnitLabel);
}

/** "BPC-157 10mg at Apex Peptide Labs: $49.00 → $39.00". */
export function priceDropTitle(drop: PriceDropItem): string {
  const pack = formatPack(sizeLabel(drop), drop.vials);
  return `${drop.peptideName} ${pack} at ${drop.vendorName}: ${formatPrice(drop.previousPrice, drop.currency)} → ${formatPrice(drop.price, drop.currency)}`;
}

/**
 * "20% less" for a cut of a whole percent or more; "under 1% less" below that, since a cut
 * rounded down to "0% less" reads as no cut at all.
 */
function dropPercentText(previousPrice: number, price: number): string {
  const percent = ((previousPrice - price) / previousPrice) * 100;
  return percent < 0.5 ? "under 1% less" : `${Math.round(percent)}% less`;
}

function priceDropSummary(drop: PriceDropItem): string {
  const pack = formatPack(sizeLabel(drop), drop.vials);
  const change =
    drop.previousPrice > 0 ? `${dropPercentText(drop.previousPrice, drop.price)}, ` : "";
  const stock = drop.inStock ? "in stock" : "out of stock";
  const now = nowText(drop.now);
  return `${drop.vendorName} lowered ${drop.peptideName} ${pack} from ${formatPrice(drop.previousPrice, drop.currency)} to ${formatPrice(drop.price, drop.currency)} (${change}before any coupon); ${stock} when seen.${now ? ` ${now}` : ""}`;
}

/**
 * What the offer costs now, in the offer table's words and figures (issue 30): "Now $43.90
 * delivered; per mg, delivered: $8.78." or, shipping not stated, "Now $39.00 after coupon
 * + shipping (not stated)."
 */
export function nowText(now: PriceDropItem["now"]): string | null {
  const display = now?.display;
  if (!display) return null;
  const money = (amount: number) => formatPrice(amount, display.currency);
  const perMg = perMgDelivered(display);
  if (display.total === null) {
    return `Now ${money(display.priceAfterCoupon)} after coupon ${SHIPPING_NOT_STATED}.`;
  }
  const perMgPart = perMg?.delivered ? `; per mg, delivered: ${money(perMg.amount)}` : "";
  return `Now ${money(display.total)} delivered${perMgPart}.`;
}

function hostOf(baseUrl: string): string {
  return new URL(baseUrl).hostname;
}

export function priceDropEntry(drop: PriceDropItem, baseUrl: string): AtomEntry {
  const page = new URL(`/peptide/${encodeURIComponent(drop.peptideSlug)}`, baseUrl);
  page.searchParams.set("size", sizeLabel(drop));
  return {
    id: tagUri(hostOf(baseUrl), TAG_DATE, `price-drop:${drop.id}`),
    title: priceDropTitle(drop),
    updated: atomDate(drop.observedAt),
    link: page.toString(),
    summary: priceDropSummary(drop),
  };
}

interface FeedScope {
  baseUrl: string;
  drops: PriceDropItem[];
  /** When nothing has dropped yet: the feed still needs an updated time. */
  fallbackUpdated: Date;
}

function feedUpdated({ drops, fallbackUpdated }: FeedScope): string {
  return atomDate(drops[0]?.observedAt ?? fallbackUpdated);
}

/** The site-wide feed; drops newest first. */
export function buildSitePriceDropFeed(scope: FeedScope): string {
  const { baseUrl, drops } = scope;
  return buildAtomFeed({
    id: tagUri(hostOf(baseUrl), TAG_DATE, "price-drops"),
    title: `${SITE_NAME}: price drops`,
    subtitle: "The newest price cuts by research-peptide vendors, per size.",
    updated: feedUpdated(scope),
    selfUrl: new URL(SITE_FEED_PATH, baseUrl).toString(),
    alternateUrl: new URL("/", baseUrl).toString(),
    author: { name: SITE_NAME, uri: new URL("/", baseUrl).toString() },
    entries: drops.map((drop) => priceDropEntry(drop, baseUrl)),
  });
}

/** One peptide's feed; its id follows the peptide (its database id), not the slug, which may change. */
export function buildPeptidePriceDropFeed(
  scope: FeedScope & { peptide: { id: string; name: string; slug: string } },
): string {
  const { baseUrl, drops, peptide } = scope;
  return buildAtomFeed({
    id: tagUri(hostOf(baseUrl), TAG_DATE, `price-drops:peptide:${peptide.id}`),
    title: `${SITE_NAME}: ${peptide.name} price drops`,
    subtitle: `The newest price cuts on ${peptide.name}, per vendor and size.`,
    updated: feedUpdated(scope),
    selfUrl: new URL(peptideFeedPath(peptide.slug), baseUrl).toString(),
    alternateUrl: new URL(`/peptide/${encodeURIComponent(peptide.slug)}`, baseUrl).toString(),
    author: { name: SITE_NAME, uri: new URL("/", baseUrl).toString() },
    entries: drops.map((drop) => priceDropEntry(drop, baseUrl)),
  });
}
