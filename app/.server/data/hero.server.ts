import { asc, eq } from "drizzle-orm";

import { DEFAULT_HERO } from "~/lib/constants";

import type { Database } from "../db/client";
import { heroContent } from "../db/schema";

export type HeroContent = {
  id: string | null;
  title: string;
  subtitle: string | null;
  description: string | null;
  primaryButtonText: string | null;
  secondaryButtonText: string | null;
  imageUrl: string | null;
};

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
    })
    .from(heroContent)
    .orderBy(asc(heroContent.createdAt))
    .limit(1);
  return row ?? { id: null, ...DEFAULT_HERO };
}

export type HeroContentValues = Omit<HeroContent, "id">;

/**
 * Saves the hero: updates the stored row, or inserts the first one (starting from SPEC.md's
 * default for any field not given). Returns the saved row's id.
 */
export async function upsertHeroContent(
  db: Database,
  values: Partial<HeroContentValues>,
): Promise<string> {
  const current = await getHeroContent(db);
  if (current.id) {
    await db
      .update(heroContent)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(heroContent.id, current.id));
    return current.id;
  }
  const [row] = await db
    .insert(heroContent)
    .values({ ...DEFAULT_HERO, ...values })
    .returning({ id: heroContent.id });
  return row!.id;
}
