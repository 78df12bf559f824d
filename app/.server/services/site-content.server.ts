/**
 * Saving the home page's hero and the footer's sections: each save and its audit entry (fields
 * before and after) commit together, then the page cache is emptied.
 */
import type { FooterSection } from "~/lib/constants";

import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import { getHeroContent, upsertHeroContent, type HeroContentValues } from "../data/hero.server";
import { getFooterSections, upsertFooterSection } from "../data/footer.server";
import { commitPublicChange } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db" | "cache">;

const HERO_NAME = "Home page hero";

/**
 * Saves the given hero fields (while the hero is still at `version`, when given): its new
 * version and the stored image it stopped using, or "changed" (nothing written).
 */
export async function saveHero(
  app: App,
  admin: Admin,
  values: Partial<HeroContentValues>,
  version: string | undefined,
): Promise<{ version: string; replaced: string[] } | "changed"> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const { id: _id, version: _version, ...before } = await getHeroContent(tx);
    const saved = await upsertHeroContent(tx, values, version);
    if (saved === "changed") return saved;
    audit({
      action: "update",
      entity: "hero_content",
      entityId: saved.id,
      name: HERO_NAME,
      before,
      after: { ...before, ...values },
    });
    const imageChanged = values.imageUrl !== undefined && values.imageUrl !== before.imageUrl;
    const replaced = imageChanged && before.imageUrl ? [before.imageUrl] : [];
    return { version: saved.version, replaced };
  });
}

/** Saves a footer section while it is still at `version`: its new version, or "changed". */
export async function saveFooterSection(
  app: App,
  admin: Admin,
  input: { section: FooterSection; title: string; content: string },
  version: string,
): Promise<{ version: string } | "changed"> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const stored = (await getFooterSections(tx)).find((s) => s.section === input.section);
    const outcome = await upsertFooterSection(tx, input, version);
    if (outcome === "changed") return outcome;
    const saved = (await getFooterSections(tx)).find((s) => s.section === input.section);
    audit({
      action: "update",
      entity: "footer_content",
      entityId: input.section,
      name: `Footer: ${input.title}`,
      before: stored ? { title: stored.title, content: stored.content } : null,
      after: saved
        ? { title: saved.title, content: saved.content }
        : { title: input.title, content: input.content },
    });
    return outcome;
  });
}
