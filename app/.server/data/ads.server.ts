import { and, asc, desc, eq, inArray } from "drizzle-orm";

import type { AD_PLACEMENTS } from "~/lib/constants";

import type { Database } from "../db/client";
import { ads } from "../db/schema";

import {
  nextRowVersion,
  rowVersion,
  updateIfUnchanged,
  type CompareAndSetOutcome,
} from "./row-version.server";
import type { Ad, AdminAd } from "~/lib/ads";

export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export const adColumns = {
  id: ads.id,
  type: ads.type,
  title: ads.title,
  description: ads.description,
  imageUrl: ads.imageUrl,
  linkUrl: ads.linkUrl,
  ctaText: ads.ctaText,
  active: ads.active,
  placement: ads.placement,
  size: ads.size,
  overlayPosition: ads.overlayPosition,
  overlayColor: ads.overlayColor,
  textColor: ads.textColor,
  mediaUrl: ads.mediaUrl,
  mediaType: ads.mediaType,
  logoUrl: ads.logoUrl,
};

/** The active ads a public page shows at one placement, oldest first. */
export async function getActiveAdsByPlacement(db: Database, placement: AdPlacement): Promise<Ad[]> {
  return db
    .select(adColumns)
    .from(ads)
    .where(and(eq(ads.placement, placement), eq(ads.active, true)))
    .orderBy(asc(ads.createdAt));
}

export type AdValues = Omit<typeof ads.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** An ad as the admin grid and form show it: with its version (~/lib/edit-conflict). */
const adminAdColumns = { ...adColumns, version: rowVersion(ads) };

/** Every ad for the admin grid, newest first. */
export async function getAllAds(db: Database): Promise<AdminAd[]> {
  return db.select(adminAdColumns).from(ads).orderBy(desc(ads.createdAt));
}

export async function createAd(db: Database, values: AdValues): Promise<string> {
  const [row] = await db.insert(ads).values(values).returning({ id: ads.id });
  return row!.id;
}

/** Saves the ad if it is still at `version` (the one its form was opened on). */
export async function updateAd(
  db: Database,
  id: string,
  version: string,
  values: AdValues,
): Promise<CompareAndSetOutcome> {
  return updateIfUnchanged(db, ads, id, version, values);
}

export async function getAdById(db: Database, id: string): Promise<AdminAd | null> {
  const [row] = await db.select(adminAdColumns).from(ads).where(eq(ads.id, id));
  return row ?? null;
}

/** The ads a bulk action names, for its checks and audit entries. */
export async function getAdsByIds(
  db: Database,
  ids: readonly string[],
): Promise<{ id: string; title: string; active: boolean; version: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: ads.id, title: ads.title, active: ads.active, version: rowVersion(ads) })
    .from(ads)
    .where(inArray(ads.id, [...ids]));
}

export async function setAdsActive(
  db: Database,
  ids: readonly string[],
  active: boolean,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(ads)
    .set({ active, updatedAt: nextRowVersion(ads) })
    .where(inArray(ads.id, [...ids]));
}
