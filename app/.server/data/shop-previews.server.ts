/**
 * The Add-shop previews (issue 31 Must 6): the record a background job fills while it reads
 * the shop, and the offers it read, paged, searched and filtered here instead of travelling
 * with the page.
 */
import { and, asc, count, eq, ilike, inArray, lt, sql } from "drizzle-orm";

import { likePattern } from "~/lib/like-pattern";
import type { PreviewMatch, PreviewOutcome } from "~/lib/shop-preview";
import type { PreviewOffer, ShopOwner } from "~/lib/forms/add-shop";

import type { Database } from "../db/client";
import { scrapeSources, shopPreviewOffers, shopPreviews, vendors } from "../db/schema";

export type ShopPreviewStatus = "queued" | "running" | "succeeded" | "failed";
export type PreviewRowMatch = PreviewMatch & { peptideName: string | null };

/** A preview is kept a day: long enough to come back to, short enough not to pile up. */
const PREVIEW_KEPT_MS = 24 * 60 * 60_000;
/** Rows per insert or update statement: far below PostgreSQL's parameter limit. */
const CHUNK = 500;

export interface ShopPreviewRecord {
  id: string;
  address: string;
  status: ShopPreviewStatus;
  phase: string | null;
  requests: number;
  offersFound: number;
  message: string | null;
  shopUrl: string | null;
  kind: string | null;
  findings: string[];
  complete: boolean | null;
  ownerInstanceId: string | null;
  lastHeartbeatAt: Date | null;
  createdAt: Date;
}

export interface PreviewOfferRow {
  id: string;
  offer: PreviewOffer;
  outcome: PreviewOutcome;
  match: PreviewRowMatch;
  ignored: boolean;
}

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
    items.slice(i * CHUNK, (i + 1) * CHUNK),
  );

/** A queued preview; previews older than a day go at the same time. */
export async function createShopPreview(
  db: Database,
  input: { address: string; requestedBy: string },
): Promise<string> {
  await db
    .delete(shopPreviews)
    .where(lt(shopPreviews.createdAt, new Date(Date.now() - PREVIEW_KEPT_MS)));
  const [row] = await db.insert(shopPreviews).values(input).returning({ id: shopPreviews.id });
  return row.id;
}

export async function getShopPreview(db: Database, id: string): Promise<ShopPreviewRecord | null> {
  const [row] = await db.select().from(shopPreviews).where(eq(shopPreviews.id, id));
  return row ? { ...row, status: row.status as ShopPreviewStatus } : null;
}

/** Moves a queued preview to running under this instance; false when another worker has it. */
export async function claimShopPreview(db: Database, id: string, owner: string): Promise<boolean> {
  const claimed = await db
    .update(shopPreviews)
    .set({ status: "running", ownerInstanceId: owner, lastHeartbeatAt: new Date() })
    .where(and(eq(shopPreviews.id, id), eq(shopPreviews.status, "queued")))
    .returning({ id: shopPreviews.id });
  return claimed.length > 0;
}

/** Every running preview and the instance reading it, for the start-up check of dead workers. */
export async function getRunningShopPreviewOwners(db: Database) {
  return db
    .select({ id: shopPreviews.id, ownerInstanceId: shopPreviews.ownerInstanceId })
    .from(shopPreviews)
    .where(eq(shopPreviews.status, "running"));
}

/** What the job is doing now; also its heartbeat. */
export async function updateShopPreviewProgress(
  db: Database,
  id: string,
  progress: { phase?: string; requests: number; offersFound?: number },
): Promise<void> {
  await db
    .update(shopPreviews)
    .set({ ...progress, lastHeartbeatAt: new Date() })
    .where(and(eq(shopPreviews.id, id), eq(shopPreviews.status, "running")));
}

/** Ends a queued or running preview; one already ended keeps its outcome. */
export async function finishShopPreview(
  db: Database,
  id: string,
  outcome: {
    ok: boolean;
    message: string;
    findings?: string[];
    shopUrl?: string;
    kind?: string;
    complete?: boolean;
    requests?: number;
    offersFound?: number;
  },
): Promise<void> {
  const { ok, ...rest } = outcome;
  await db
    .update(shopPreviews)
    .set({ ...rest, status: ok ? "succeeded" : "failed", phase: null, finishedAt: new Date() })
    .where(and(eq(shopPreviews.id, id), inArray(shopPreviews.status, ["queued", "running"])));
}

export async function insertPreviewOffers(
  db: Database,
  previewId: string,
  rows: { offer: PreviewOffer; match: PreviewRowMatch }[],
): Promise<void> {
  const values = rows.map((row, position) => ({
    previewId,
    position,
    name: row.offer.name,
    offer: row.offer,
    outcome: row.match.outcome,
    match: row.match,
  }));
  for (const chunk of chunks(values)) await db.insert(shopPreviewOffers).values(chunk);
}

const rowColumns = {
  id: shopPreviewOffers.id,
  offer: shopPreviewOffers.offer,
  outcome: shopPreviewOffers.outcome,
  match: shopPreviewOffers.match,
  ignored: shopPreviewOffers.ignored,
};
const toRow = (row: {
  id: string;
  offer: unknown;
  outcome: string;
  match: unknown;
  ignored: boolean;
}) => row as PreviewOfferRow;

export async function getPreviewOfferPage(
  db: Database,
  previewId: string,
  query: { q: string; outcome: PreviewOutcome | null; page: number; pageSize: number },
): Promise<{ rows: PreviewOfferRow[]; total: number }> {
  const where = and(
    eq(shopPreviewOffers.previewId, previewId),
    query.q ? ilike(shopPreviewOffers.name, likePattern(query.q)) : undefined,
    query.outcome ? eq(shopPreviewOffers.outcome, query.outcome) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(shopPreviewOffers)
      .where(where)
      .orderBy(asc(shopPreviewOffers.position))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(shopPreviewOffers).where(where),
  ]);
  return { rows: rows.map(toRow), total };
}

/** Offers per outcome, and how many the operator chose to ignore. */
export async function countPreviewOutcomes(
  db: Database,
  previewId: string,
): Promise<{ outcomes: Partial<Record<PreviewOutcome, number>>; ignored: number }> {
  const rows = await db
    .select({
      outcome: shopPreviewOffers.outcome,
      offers: count(),
      ignored: sql<number>`count(*) filter (where ${shopPreviewOffers.ignored})`.mapWith(Number),
    })
    .from(shopPreviewOffers)
    .where(eq(shopPreviewOffers.previewId, previewId))
    .groupBy(shopPreviewOffers.outcome);
  return {
    outcomes: Object.fromEntries(rows.map((row) => [row.outcome, row.offers])),
    ignored: rows.reduce((sum, row) => sum + row.ignored, 0),
  };
}

export async function getPreviewOffer(
  db: Database,
  previewId: string,
  offerId: string,
): Promise<PreviewOfferRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(shopPreviewOffers)
    .where(and(eq(shopPreviewOffers.previewId, previewId), eq(shopPreviewOffers.id, offerId)));
  return row ? toRow(row) : null;
}

/** Every offer of the preview, in the shop's order (for matching again, and the create). */
export async function getAllPreviewOffers(
  db: Database,
  previewId: string,
  filter: { ignoredOnly?: boolean } = {},
): Promise<PreviewOfferRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(shopPreviewOffers)
    .where(
      and(
        eq(shopPreviewOffers.previewId, previewId),
        filter.ignoredOnly ? eq(shopPreviewOffers.ignored, true) : undefined,
      ),
    )
    .orderBy(asc(shopPreviewOffers.position));
  return rows.map(toRow);
}

/** Stores what matching now makes of the given offers (only those that changed are passed). */
export async function updatePreviewMatches(
  db: Database,
  updates: { id: string; match: PreviewRowMatch }[],
): Promise<void> {
  for (const chunk of chunks(updates)) {
    const values = sql.join(
      chunk.map(
        (u) => sql`(${u.id}::uuid, ${u.match.outcome}::text, ${JSON.stringify(u.match)}::jsonb)`,
      ),
      sql`, `,
    );
    await db.execute(
      sql`update ${shopPreviewOffers} set outcome = v.outcome, match = v.match from (values ${values}) as v(id, outcome, match) where ${shopPreviewOffers.id} = v.id`,
    );
  }
}

export async function setPreviewOfferIgnored(
  db: Database,
  previewId: string,
  offerId: string,
  ignored: boolean,
): Promise<boolean> {
  const updated = await db
    .update(shopPreviewOffers)
    .set({ ignored })
    .where(and(eq(shopPreviewOffers.previewId, previewId), eq(shopPreviewOffers.id, offerId)))
    .returning({ id: shopPreviewOffers.id });
  return updated.length > 0;
}

/** "shop.example" for https://www.shop.example/x; null for what is not a web address. */
function hostOf(address: string | null): string | null {
  if (!address) return null;
  try {
    return new URL(address).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/**
 * The vendors this shop's host already belongs to, through their website or one of their
 * sources: a second vendor would list every offer twice. Vendors are few; read whole.
 */
export async function findShopOwners(db: Database, shopUrl: string): Promise<ShopOwner[]> {
  const host = hostOf(shopUrl);
  const [websites, sources] = await Promise.all([
    db
      .select({ vendorId: vendors.id, vendorName: vendors.name, address: vendors.website })
      .from(vendors),
    db
      .select({ vendorId: vendors.id, vendorName: vendors.name, address: scrapeSources.url })
      .from(scrapeSources)
      .innerJoin(vendors, eq(vendors.id, scrapeSources.vendorId)),
  ]);
  const owners = new Map<string, ShopOwner>();
  for (const row of [...websites, ...sources])
    if (host && row.address && hostOf(row.address) === host && !owners.has(row.vendorId))
      owners.set(row.vendorId, { ...row, address: row.address });
  return [...owners.values()];
}
