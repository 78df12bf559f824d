import { asc, eq } from "drizzle-orm";

import { DEFAULT_HERO } from "~/lib/constants";
import { UNSTORED_ROW_VERSION } from "~/lib/edit-conflict";

import type { Database } from "../db/client";
import { heroContent } from "../db/schema";

import { compareAndSet, nextRowVersion, rowVersion } from "./row-version.server";
import type { HeroContent } from "~/lib/hero";

/** The stored hero, or SPEC.md §9's default when none is stored. */
export async function getHeroContent(db: Database): Promise<HeroContent> {
  const [row] = await db
    .select({
      id: heroContent.id,
      title: heroContent.title,
      subtitle: heroContent.subtitle,
      description: heroContent.description,
      primaryButtonText: heroContent.primaryButtonText,
      secondaryButtonText: heroContent.secondaryButtonText,
      imageUrl: heroContent.imageUrl,
      version: rowVersion(heroContent),
    })
    .from(heroContent)
    .orderBy(asc(heroContent.createdAt))
    .limit(1);
  return row ?? { id: null, ...DEFAULT_HERO, version: UNSTORED_ROW_VERSION };
}

export type HeroContentValues = Omit<HeroContent, "id" | "version">;

/**
 * Saves the hero: updates the stored row, or inserts the first one (starting from SPEC.md's
 * default for any field not given). Returns the saved row's id. With a `version` (the one the
 * admin's page was opened on) it writes only while the hero is still at it, else "changed".
 */
export async function upsertHeroContent(
  db: Database,
  values: Partial<HeroContentValues>,
  version?: string,
): Promise<{ id: string; version: string } | "changed"> {
  const current = await getHeroContent(db);
  if (current.id) {
    if (version !== undefined) {
      const saved = await compareAndSet(db, heroContent, current.id, version, values);
      return saved.outcome === "updated" ? { id: current.id, version: saved.version } : "changed";
    }
    const [row] = await db
      .update(heroContent)
      .set({ ...values, updatedAt: nextRowVersion(heroContent) })
      .where(eq(heroContent.id, current.id))
      .returning({ version: rowVersion(heroContent) });
    return { id: current.id, version: row!.version };
  }
  if (version !== undefined && version !== UNSTORED_ROW_VERSION) return "changed";
  const [row] = await db
    .insert(heroContent)
    .values({ ...DEFAULT_HERO, ...values })
    .returning({ id: heroContent.id, version: rowVersion(heroContent) });
  return row!;
}
