/**
 * The vendor side's rules that need no server (issue 33): how a shop proves it is the vendor,
 * which capabilities a key may have, and when a storefront "says the same" as a vendor.
 */
import type { StockStatus } from "~/lib/constants";

/** meta / file / email: the vendor proved control of its shop; admin: an admin granted it. */
export const VENDOR_CLAIM_METHODS = ["meta", "file", "email", "admin"] as const;
export type VendorClaimMethod = (typeof VENDOR_CLAIM_METHODS)[number];

/** One scope per capability a key can be given. */
export const VENDOR_API_SCOPES = ["offers:write", "offers:read"] as const;
export type VendorApiScope = (typeof VENDOR_API_SCOPES)[number];

/**
 * pending: accepted, its storefront not read yet (a background job reads it); live: the
 * storefront agreed and the price was written; held: waits for an admin.
 */
export const VENDOR_SUBMISSION_STATUSES = [
  "pending",
  "live",
  "held",
  "approved",
  "rejected",
] as const;
export type VendorSubmissionStatus = (typeof VENDOR_SUBMISSION_STATUSES)[number];
export const VENDOR_SUBMISSION_VIAS = ["api", "feed"] as const;

/** A vendor's uploaded lab report: pending until an admin publishes it as a lab test or rejects it. */
export const VENDOR_LAB_REPORT_STATUSES = ["pending", "approved", "rejected"] as const;
export type VendorLabReportStatus = (typeof VENDOR_LAB_REPORT_STATUSES)[number];
export const LAB_REPORT_REJECTION_MAX = 300;

/** The fixed path a shop serves the token at, and the meta tag's name on its home page. */
export const VERIFICATION_FILE_PATH = "/.well-known/peptideprices-verification.txt";
export const VERIFICATION_META_NAME = "peptideprices-verification";

/** The label beside a price, stock or coupon that came from the vendor, not from our reading. */
export const VENDOR_SUPPLIED_LABEL = "vendor-supplied";
export const VENDOR_REPORTED_COUPON_LABEL = "reported by the vendor";

/**
 * An offer's price is "vendor-supplied" while the vendor's submission is the last word on it:
 * a later read by the scraper (price_checked_at moving past it) makes it ours again.
 */
export function isVendorSupplied(
  suppliedAt: Date | string | null | undefined,
  checkedAt: Date | string | null | undefined,
): boolean {
  if (!suppliedAt || !checkedAt) return false;
  return new Date(suppliedAt).getTime() >= new Date(checkedAt).getTime();
}

/** Offers one PUT may carry: each is checked against the storefront before it answers. */
export const MAX_OFFERS_PER_SUBMISSION = 20;
export const DEFAULT_REQUESTS_PER_MINUTE = 30;

/** The text after the key's prefix: the key is "ppk_<8 hex>_<secret>". */
export function keyPrefix(key: string): string | null {
  const match = /^(ppk_[0-9a-f]{8})_[A-Za-z0-9_-]{32,}$/.exec(key);
  return match ? match[1]! : null;
}

/** The host without a leading "www.", lower case: a shop at www.x.com and x.com is one shop. */
export function bareHost(address: string): string | null {
  try {
    return new URL(address).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** True when `address` is on the vendor's own shop (its website's host, with or without www). */
export function isOnShopHost(address: string, website: string | null): boolean {
  if (!website) return false;
  const shop = bareHost(website);
  return shop !== null && bareHost(address) === shop;
}

/** The token the shop's home page carries in `<meta name="peptideprices-verification">`. */
export function metaTokens(html: string): string[] {
  const tags = html.match(/<meta\b[^>]*>/gi) ?? [];
  return tags.flatMap((tag) => {
    const name = /\bname\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (name?.toLowerCase() !== VERIFICATION_META_NAME) return [];
    const content = /\bcontent\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    return content ? [content.trim()] : [];
  });
}

/** The verification file holds the token on a line of its own (other lines are ignored). */
export function fileHasToken(body: string, token: string): boolean {
  return body.split(/\r?\n/).some((line) => line.trim() === token);
}

/** The domain part of an e-mail address, lower case; null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  return at > 0 ? email.slice(at + 1).toLowerCase() : null;
}

/** An address "at the shop's domain": the shop's host or a parent of it (shop.x.com → x.com). */
export function isShopEmail(email: string, website: string | null): boolean {
  const domain = emailDomain(email);
  const shop = website ? bareHost(website) : null;
  if (!domain || !shop) return false;
  return shop === domain || shop.endsWith(`.${domain}`);
}

export interface StorefrontReading {
  price: number | null;
  soldOut: boolean;
}

/** Prices agree to the cent (the storefront prints what the vendor typed, rounded). */
const PRICE_TOLERANCE = 0.005;

/**
 * Whether the storefront says the same as the vendor: one of the page's listings shows the
 * submitted price, and its stock agrees (out of stock vs. anything buyable).
 */
export function storefrontAgrees(
  submitted: { price: number; stockStatus: StockStatus },
  readings: StorefrontReading[],
): StorefrontReading | null {
  const wantsSoldOut = submitted.stockStatus === "out_of_stock";
  return (
    readings.find(
      (reading) =>
        reading.price !== null &&
        Math.abs(reading.price - submitted.price) < PRICE_TOLERANCE &&
        reading.soldOut === wantsSoldOut,
    ) ?? null
  );
}

/** The listing shown beside a held submission: the one closest in price, if any had one. */
export function closestReading(
  price: number,
  readings: StorefrontReading[],
): StorefrontReading | null {
  const priced = readings.filter((reading) => reading.price !== null);
  if (priced.length === 0) return readings[0] ?? null;
  return priced.reduce((best, reading) =>
    Math.abs(reading.price! - price) < Math.abs(best.price! - price) ? reading : best,
  );
}

/**
 * A vendor's reply as plain text: it is shown as text (never as HTML), and this keeps what
 * would hide or fake content out of it: control and bidirectional-override characters, and
 * anything shaped like a markup tag. Blank-line runs collapse to one; ends are trimmed.
 */
export function plainReplyText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
      .replace(/<\/?[a-z][^<>]*>/gi, "")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}
