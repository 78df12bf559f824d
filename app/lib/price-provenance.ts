/**
 * Where an offer's current price came from (issue 31 Must 10): how it was read (the shop's
 * product feed, the page's JSON-LD, microdata or OpenGraph tags, selectors, a browser, or an
 * admin's hand), from which URL, when, in which run, and a short excerpt of what was read.
 * Stored with the offer and with a review item; said to the admin and, in one sentence, to
 * the public ("read from the vendor's product feed 2 h ago"). Its stored value is read back
 * through lib/price-provenance-schema.ts, which keeps zod off the pages that only say it.
 */
import { hoursAgo } from "./freshness";

export const PRICE_READ_VIA = [
  "feed",
  "json-ld",
  "microdata",
  "opengraph",
  "selector",
  "browser",
  "manual",
] as const;
export type PriceReadVia = (typeof PRICE_READ_VIA)[number];

/** An excerpt is a glance at the source, not a copy of it. */
export const EVIDENCE_MAX_LENGTH = 200;

export interface PriceProvenance {
  via: PriceReadVia;
  url: string | null;
  /** ISO time of the read. */
  readAt: string;
  /** The tracked scrape run that read it; null for an admin's entry or an untracked run. */
  runId: string | null;
  /** The scrape source's kind ("woocommerce", "sitemap", "page"); null for an admin's entry. */
  sourceKind: string | null;
  evidence: string | null;
}

/** What a reader knows of one listing's price; the run adds when, which run and which source. */
export interface ListingProvenance {
  via: PriceReadVia;
  url: string | null;
  evidence: string | null;
}

/** How an extraction method or shop source kind read the price. */
export function readVia(method: string | null): PriceReadVia {
  switch (method) {
    case "woocommerce":
    case "shopify":
      return "feed";
    case "json-ld":
      return "json-ld";
    case "microdata":
    case "rdfa":
      return "microdata";
    case "meta":
      return "opengraph";
    case "browser":
      return "browser";
    default:
      return "selector";
  }
}

/** A page's listing as its reader saw it: the way, the page, and what was read there. */
export function pageProvenance(
  method: string | null,
  url: string,
  listing: { name: string; price: number | null; currency: string | null },
): ListingProvenance {
  const price = listing.price === null ? "no price" : `${listing.price} ${listing.currency ?? ""}`;
  return { via: readVia(method), url, evidence: evidenceExcerpt(`${listing.name}: ${price}`) };
}

/** A one-line excerpt, whitespace collapsed and cut to EVIDENCE_MAX_LENGTH. */
export function evidenceExcerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > EVIDENCE_MAX_LENGTH ? `${line.slice(0, EVIDENCE_MAX_LENGTH - 1)}…` : line;
}

const READ_FROM: Record<PriceReadVia, string> = {
  feed: "read from the vendor's product feed",
  "json-ld": "read from the product page's structured data",
  microdata: "read from the product page's microdata",
  opengraph: "read from the product page's OpenGraph tags",
  selector: "read from the product page's text",
  browser: "read from the product page in a browser",
  manual: "entered by the site's staff",
};

/** "read from the vendor's product feed": how, without when. */
export function provenanceHow(provenance: Pick<PriceProvenance, "via">): string {
  return READ_FROM[provenance.via];
}

/** What the public is told of a price's provenance: how and when, not the run or excerpt. */
export type PriceRead = Pick<PriceProvenance, "via" | "readAt">;

/** "read from the vendor's product feed 2 h ago": the public row's Details line. */
export function provenanceSentence(provenance: PriceRead, now: Date): string {
  return `${provenanceHow(provenance)} ${hoursAgo(provenance.readAt, now)}`;
}
