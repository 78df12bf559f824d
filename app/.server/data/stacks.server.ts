/**
 * Stacks: the offers of a whole stack in one query, and users' saved stacks.
 */
import { randomBytes } from "node:crypto";

import { and, asc, count, desc, eq, inArray } from "drizzle-orm";

import { USER_LIST_LIMITS } from "~/lib/constants";
import { offerLabState } from "~/lib/lab-tests";
import { couponFromColumns } from "~/lib/pricing";
import { stackLineSchema, type StackLine, type StackOfferRow } from "~/lib/stack";
import { formatSize, toMilligrams } from "~/lib/units";

import type { Database } from "../db/client";
import { coupons, peptides, savedStacks, sizeOptions, vendorPeptides, vendors } from "../db/schema";
import {
  PRICE_COLUMNS,
  VENDOR_SHIPPING_COLUMNS,
  activePricesOfSize,
} from "./listings/offer-rows.server";
import { OFFER_LAB_TESTS_SQL } from "./lab-tests.server";

import { peptideIsPublic } from "./public-visibility.server";
import { insertWithinUserLimit } from "./user-limits.server";

export interface StackCatalogue {
  /** Peptide names by slug, for the slugs that exist. */
  names: Map<string, string>;
  /** Size labels ("10mg") by peptide slug. */
  sizes: Map<string, string[]>;
  offers: StackOfferRow[];
}

/**
 * Every size and offer of the given peptides with vendor terms, coupon and lab state
 * (the tests that speak for each offer's size): one query for the whole stack.
 */
export async function getStackCatalogue(
  db: Database,
  slugs: string[],
  now: Date = new Date(),
): Promise<StackCatalogue> {
  const names = new Map<string, string>();
  const sizes = new Map<string, string[]>();
  const offers: StackOfferRow[] = [];
  if (slugs.length === 0) return { names, sizes, offers };
  const rows = await db
    .select({
      peptideSlug: peptides.slug,
      peptideName: peptides.name,
      sizeId: sizeOptions.id,
      quantity: sizeOptions.quantity,
      unit: sizeOptions.unit,
      unitLabel: sizeOptions.unitLabel,
      offerId: vendorPeptides.id,
      ...PRICE_COLUMNS,
      url: vendorPeptides.url,
      vendorId: vendors.id,
      vendorSlug: vendors.slug,
      vendorName: vendors.name,
      ...VENDOR_SHIPPING_COLUMNS,
      couponCode: coupons.code,
      couponAmount: coupons.discountAmount,
      couponType: coupons.discountType,
      couponExpires: coupons.expirationDate,
      labTests: OFFER_LAB_TESTS_SQL,
    })
    .from(peptides)
    .leftJoin(sizeOptions, eq(sizeOptions.peptideId, peptides.id))
    .leftJoin(vendorPeptides, activePricesOfSize())
    .leftJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .where(and(inArray(peptides.slug, slugs), peptideIsPublic()))
    .orderBy(asc(peptides.slug), asc(sizeOptions.quantity), asc(vendorPeptides.id));

  const seenSizes = new Set<string>();
  for (const row of rows) {
    names.set(row.peptideSlug, row.peptideName);
    if (!sizes.has(row.peptideSlug)) sizes.set(row.peptideSlug, []);
    if (row.sizeId === null || row.quantity === null || row.unit === null) continue;
    const sizeLabel = formatSize(row.quantity, row.unit, row.unitLabel);
    if (!seenSizes.has(row.sizeId)) {
      seenSizes.add(row.sizeId);
      sizes.get(row.peptideSlug)!.push(sizeLabel);
    }
    if (row.offerId === null || row.price === null || row.vendorId === null) continue;
    offers.push({
      peptideSlug: row.peptideSlug,
      sizeLabel,
      offerId: row.offerId,
      price: row.price,
      currency: row.currency ?? "USD",
      vials: row.vials ?? 1,
      stockStatus: row.stockStatus ?? "in_stock",
      missedScrapes: row.missedScrapes ?? 0,
      // A price never confirmed is stale.
      priceCheckedAt: row.priceCheckedAt ?? new Date(0),
      priceHeld: row.priceHeldAt != null,
      url: row.url,
      vendorId: row.vendorId,
      vendorSlug: row.vendorSlug ?? "",
      vendorName: row.vendorName ?? "",
      vendorCurrency: row.vendorCurrency ?? row.currency ?? "USD",
      shippingFee: row.shippingFee,
      freeShippingThreshold: row.freeShippingThreshold,
      shipsTo: row.shipsTo ?? [],
      coupon: couponFromColumns({
        code: row.couponCode,
        discountAmount: row.couponAmount,
        discountType: row.couponType,
        expirationDate: row.couponExpires,
      }),
      labWarning: offerLabState(row.labTests ?? [], toMilligrams(row.quantity, row.unit), now)
        .labWarning,
    });
  }
  return { names, sizes, offers };
}

// ---------------------------------------------------------------- saved stacks

export interface SavedStack {
  id: string;
  name: string;
  items: StackLine[];
  shareToken: string;
  createdAt: Date;
  updatedAt: Date;
}

const savedStackColumns = {
  id: savedStacks.id,
  name: savedStacks.name,
  items: savedStacks.items,
  shareToken: savedStacks.shareToken,
  createdAt: savedStacks.createdAt,
  updatedAt: savedStacks.updatedAt,
};

/** Stored lines as written by saveStack; anything else in the column is skipped. */
function storedLines(items: unknown): StackLine[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const parsed = stackLineSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function toSavedStack(row: {
  id: string;
  name: string;
  items: unknown;
  shareToken: string;
  createdAt: Date;
  updatedAt: Date;
}): SavedStack {
  return { ...row, items: storedLines(row.items) };
}

/** 24 random bytes: 32 URL-safe characters, not guessable. */
function newShareToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Saves a stack; "full" when the user already keeps USER_LIST_LIMITS.savedStacks of them. */
export async function saveStack(
  db: Database,
  params: { userId: string; name: string; items: StackLine[] },
): Promise<SavedStack | "full"> {
  return insertWithinUserLimit(
    db,
    {
      table: savedStacks,
      userColumn: savedStacks.userId,
      userId: params.userId,
      limit: USER_LIST_LIMITS.savedStacks,
    },
    async (tx) => {
      const [row] = await tx
        .insert(savedStacks)
        .values({
          userId: params.userId,
          name: params.name,
          items: params.items,
          shareToken: newShareToken(),
        })
        .returning(savedStackColumns);
      return toSavedStack(row!);
    },
  );
}

/** Saved stacks shown per page of /stack. */
export const SAVED_STACKS_PAGE_SIZE = 20;

/** One page of a user's saved stacks, newest first, and how many there are. */
export async function listSavedStacks(
  db: Database,
  params: { userId: string; page: number },
): Promise<{ stacks: SavedStack[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(savedStackColumns)
      .from(savedStacks)
      .where(eq(savedStacks.userId, params.userId))
      .orderBy(desc(savedStacks.createdAt), desc(savedStacks.id))
      .limit(SAVED_STACKS_PAGE_SIZE)
      .offset((params.page - 1) * SAVED_STACKS_PAGE_SIZE),
    db.select({ count: count() }).from(savedStacks).where(eq(savedStacks.userId, params.userId)),
  ]);
  return { stacks: rows.map(toSavedStack), total: counted?.count ?? 0 };
}

/** A shared stack by its token; null when none has it (deleted, or a wrong link). */
export async function getSavedStackByToken(
  db: Database,
  shareToken: string,
): Promise<SavedStack | null> {
  const [row] = await db
    .select(savedStackColumns)
    .from(savedStacks)
    .where(eq(savedStacks.shareToken, shareToken))
    .limit(1);
  return row ? toSavedStack(row) : null;
}

/** Deletes the owner's own stack; its share link stops working. */
export async function deleteSavedStack(
  db: Database,
  params: { userId: string; stackId: string },
): Promise<boolean> {
  const removed = await db
    .delete(savedStacks)
    .where(and(eq(savedStacks.id, params.stackId), eq(savedStacks.userId, params.userId)))
    .returning({ id: savedStacks.id });
  return removed.length > 0;
}

/** The size labels of each given peptide (smallest first), for "Add to stack" pickers: one query. */
export async function getPeptideSizeLabels(
  db: Database,
  peptideIds: string[],
): Promise<Record<string, string[]>> {
  const labels: Record<string, string[]> = {};
  if (peptideIds.length === 0) return labels;
  const rows = await db
    .select({
      peptideId: sizeOptions.peptideId,
      quantity: sizeOptions.quantity,
      unit: sizeOptions.unit,
      unitLabel: sizeOptions.unitLabel,
    })
    .from(sizeOptions)
    .where(inArray(sizeOptions.peptideId, peptideIds))
    .orderBy(asc(sizeOptions.unit), asc(sizeOptions.quantity));
  for (const row of rows) {
    (labels[row.peptideId] ??= []).push(formatSize(row.quantity, row.unit, row.unitLabel));
  }
  return labels;
}
