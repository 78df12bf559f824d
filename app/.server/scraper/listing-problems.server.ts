import { TEXT_LIMITS } from "~/lib/text-limits";

import { inputErrorOf } from "../platform/http/write-errors.server";
import type { Listing } from "../reader/extract.server";

/**
 * What goes wrong with one scraped listing is that listing's problem, said in a sentence: it
 * never fails the source, and no SQL statement reaches the run log, the source or the admin.
 */

/** The scrape_review_items name and link CHECKs (scrape_review_items_name_length). */
export const LISTING_TEXT_LIMIT = TEXT_LIMITS.long;

const QUOTED_LENGTH = 80;

/** A listing's name as the run log quotes it: short enough to read. */
export function quotedName(name: string): string {
  const flat = name.replace(/\s+/g, " ").trim();
  return `"${flat.length > QUOTED_LENGTH ? `${flat.slice(0, QUOTED_LENGTH - 1)}…` : flat}"`;
}

/**
 * A listing the database can hold: a name longer than the column allows (broken markup, a
 * loose selector) is cut to the limit, with a note; a link that long is dropped.
 */
export function boundedListing(listing: Listing): { listing: Listing; note: string | null } {
  const link = listing.link && listing.link.length > LISTING_TEXT_LIMIT ? null : listing.link;
  if (listing.name.length <= LISTING_TEXT_LIMIT)
    return { listing: { ...listing, link }, note: null };
  return {
    listing: { ...listing, name: listing.name.slice(0, LISTING_TEXT_LIMIT), link },
    note: `The name ${quotedName(listing.name)} was ${listing.name.length.toLocaleString("en-US")} characters long; cut to ${LISTING_TEXT_LIMIT.toLocaleString("en-US")}`,
  };
}

/** drizzle wraps a driver error as "Failed query: <sql>"; its cause carries the SQLSTATE. */
function isDatabaseError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return true;
    if (typeof message === "string" && message.startsWith("Failed query")) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Why a write was refused, as a sentence without SQL. */
export function failureReason(error: unknown): string {
  const refused = inputErrorOf(error);
  if (refused) return `the database refused it (${refused.message.toLowerCase()})`;
  if (isDatabaseError(error))
    return "the database could not save it (the cause is in the server log)";
  return error instanceof Error && error.message ? error.message : "an unknown error";
}

/** The run log's line for a listing that could not be applied; the others go on. */
export function listingFailureNote(name: string, error: unknown): string {
  return `Could not save ${quotedName(name)}: ${failureReason(error)}`;
}

/** A listing read without a price and not matched to an offer the vendor already has. */
export function noPriceNote(name: string, lastPriceKept: boolean): string {
  return `No price found for ${quotedName(name)}${lastPriceKept ? "; its last price is kept" : ""}`;
}
