/**
 * A vendor's product feed (issue 33 Must 4) is a scrape source of kind 'merchant_feed' for its
 * vendor: the schedule's runs read it like every other source (run.server.ts), and
 * platforms/merchant-feed.server.ts checks each item against the storefront before it applies;
 * settleVendorFeed then marks and files what that check decided.
 */
import { and, desc, eq } from "drizzle-orm";

import type { StockStatus } from "~/lib/constants";
import { matchListing } from "~/lib/listing";
import { roundMoney } from "~/lib/money";
import { isOnShopHost } from "~/lib/vendor-accounts";

import type { Database } from "../db/client";
import {
  scrapeSources,
  vendorMembers,
  vendorOfferSubmissions,
  vendorPeptides,
  vendors,
} from "../db/schema";
import type { AppContext } from "../platform/context.server";
import type { VendorRecord } from "../data/vendor-accounts.server";
import {
  findVendorOffer,
  insertSubmission,
  markVendorSupplied,
} from "../data/vendor-submissions.server";
import { findListingSize, listingCurrency, loadCatalogue } from "../reader/catalogue-fit.server";
import type { FeedItemCheck } from "../scraper/platforms/catalogue-read.server";
import { commitAudited, type Audit } from "./audited-change.server";

export async function getVendorFeedUrl(db: Database, vendorId: string): Promise<string | null> {
  const [row] = await db
    .select({ url: scrapeSources.url })
    .from(scrapeSources)
    .where(and(eq(scrapeSources.vendorId, vendorId), eq(scrapeSources.kind, "merchant_feed")));
  return row?.url ?? null;
}

/** Creates or re-points the vendor's feed source; false when the feed is not on the shop's host. */
export async function setVendorFeed(
  db: Database,
  vendor: VendorRecord,
  url: string,
): Promise<{ ok: true; sourceId: string } | { ok: false; error: string }> {
  if (!isOnShopHost(url, vendor.website)) {
    return { ok: false, error: "The feed must be served from your shop's own website." };
  }
  const [existing] = await db
    .select({ id: scrapeSources.id })
    .from(scrapeSources)
    .where(and(eq(scrapeSources.vendorId, vendor.id), eq(scrapeSources.kind, "merchant_feed")));
  if (existing) {
    await db
      .update(scrapeSources)
      .set({ url, isActive: true, readCursor: 0, updatedAt: new Date() })
      .where(eq(scrapeSources.id, existing.id));
    return { ok: true, sourceId: existing.id };
  }
  const [row] = await db
    .insert(scrapeSources)
    .values({
      retailerName: `${vendor.name} (vendor feed)`.slice(0, 200),
      url,
      kind: "merchant_feed",
      vendorId: vendor.id,
      isActive: true,
      // A feed states its own fields: no selectors.
      productSelector: "",
      priceSelector: "",
      nameSelector: "",
    })
    .returning({ id: scrapeSources.id });
  return { ok: true, sourceId: row!.id };
}

/**
 * After a feed's run has applied its agreeing items (issue 33 Must 5): each price the run wrote
 * from the feed is marked "vendor-supplied", as a PUT's is, and each item whose storefront
 * disagreed is filed as a held submission with both values, in the queue the PUT path uses
 * (/admin/vendor-accounts), instead of only a line in the source's log. An item already filed
 * with the same price and outcome by an earlier run is not filed again.
 */
export async function settleVendorFeed(
  app: Pick<AppContext, "db">,
  source: { id: string; vendorId: string | null; currency: string | null },
  feed: { agreed: FeedItemCheck[]; held: FeedItemCheck[] } | undefined,
): Promise<{ marked: number; held: number }> {
  const settled = { marked: 0, held: 0 };
  const vendorId = source.vendorId;
  if (!vendorId || !feed || feed.agreed.length + feed.held.length === 0) return settled;
  const catalogue = await loadCatalogue(app);
  const feedActor = await feedMember(app.db, vendorId);
  // Marked and filed with their audit entries in one transaction.
  const settle = async (tx: Database, audit: Audit) => {
    const filed: { id: string; check: FeedItemCheck; status: "live" | "held" }[] = [];
    for (const [status, checks] of [
      ["live", feed.agreed],
      ["held", feed.held],
    ] as const) {
      for (const check of checks) {
        const { item } = check;
        const currency = listingCurrency(item.currency) ?? source.currency;
        const match = matchListing(item.title, catalogue.peptides);
        const size = match.peptideId
          ? findListingSize(catalogue.sizes, match.peptideId, match)
          : null;
        // An item the catalogue cannot place stays a line in the source's log (and the review
        // queue, for an agreeing one): there is no offer to hold it against.
        if (!size || !currency || match.vials !== 1) continue;
        const offer = await findVendorOffer(tx, vendorId, size.id);
        const price = roundMoney(item.price, currency);
        const stockStatus: StockStatus = item.inStock ? "in_stock" : "out_of_stock";
        if (status === "live") {
          // Only a price the run wrote: an outlier sent to review is not live.
          const [live] = offer
            ? await tx
                .select({ price: vendorPeptides.price })
                .from(vendorPeptides)
                .where(eq(vendorPeptides.id, offer.id))
            : [];
          if (!offer || live?.price !== price) continue;
          await markVendorSupplied(tx, offer.id);
          settled.marked += 1;
        }
        if (await alreadyFiled(tx, vendorId, size.id, { price, stockStatus, status })) continue;
        const id = await insertSubmission(tx, {
          vendorId,
          sizeOptionId: size.id,
          vendorPeptideId: offer?.id ?? null,
          via: "feed",
          apiKeyId: null,
          price,
          currency,
          stockStatus,
          url: item.link,
          status,
          storefrontPrice: check.storefront?.price ?? null,
          storefrontStock: check.storefront
            ? check.storefront.soldOut
              ? "out_of_stock"
              : "in_stock"
            : null,
          reason: check.reason,
        });
        if (status === "held") settled.held += 1;
        filed.push({ id, check, status });
      }
    }
    audit(...filedEntries(feedActor?.name ?? "", source.id, filed));
  };
  // A vendor with no member left has no one for the log to name: its items are filed unaudited.
  if (feedActor) await commitAudited(app, feedActor, settle);
  else await app.db.transaction((tx) => settle(tx, () => {}));
  return settled;
}

/** The size's newest feed submission says the same: filing it again would only add noise. */
async function alreadyFiled(
  db: Database,
  vendorId: string,
  sizeOptionId: string,
  wanted: { price: number; stockStatus: StockStatus; status: "live" | "held" },
): Promise<boolean> {
  const [last] = await db
    .select({
      price: vendorOfferSubmissions.price,
      stockStatus: vendorOfferSubmissions.stockStatus,
      status: vendorOfferSubmissions.status,
    })
    .from(vendorOfferSubmissions)
    .where(
      and(
        eq(vendorOfferSubmissions.vendorId, vendorId),
        eq(vendorOfferSubmissions.sizeOptionId, sizeOptionId),
        eq(vendorOfferSubmissions.via, "feed"),
      ),
    )
    .orderBy(desc(vendorOfferSubmissions.createdAt))
    .limit(1);
  return (
    last !== undefined &&
    last.price === wanted.price &&
    last.stockStatus === wanted.stockStatus &&
    last.status === wanted.status
  );
}

/**
 * A feed is read by the schedule, not by a person: its audit entries name the vendor's first
 * member (the one who set the feed) as "product feed".
 */
async function feedMember(db: Database, vendorId: string) {
  const [member] = await db
    .select({ userId: vendorMembers.userId, name: vendors.name })
    .from(vendorMembers)
    .innerJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(eq(vendorMembers.vendorId, vendorId))
    .orderBy(vendorMembers.createdAt)
    .limit(1);
  return member
    ? { id: member.userId, email: `product feed of ${member.name}`, name: member.name }
    : null;
}

/** One audit entry per filed submission. */
function filedEntries(
  vendorName: string,
  sourceId: string,
  filed: { id: string; check: FeedItemCheck; status: "live" | "held" }[],
) {
  return filed.map(({ id, check, status }) => ({
    action: "create" as const,
    entity: "vendor_submission",
    entityId: id,
    name: vendorName,
    details: {
      via: "feed",
      sourceId,
      outcome: status,
      item: { title: check.item.title, price: check.item.price, link: check.item.link },
    },
  }));
}
