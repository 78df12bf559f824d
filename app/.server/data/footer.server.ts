import { DEFAULT_FOOTER, FOOTER_SECTIONS, type FooterSection } from "~/lib/constants";

import type { Database } from "../db/client";
import { footerContent } from "../db/schema";
import { sanitizeFooterHtml } from "../services/sanitize.server";

export interface FooterSectionContent {
  section: FooterSection;
  title: string;
  /** Sanitized HTML, safe to render. */
  content: string;
  updatedAt: Date | null;
}

/** All five sections in their fixed order, falling back to SPEC.md's defaults for missing rows. */
export async function getFooterSections(db: Database): Promise<FooterSectionContent[]> {
  const rows = await db
    .select({
      section: footerContent.section,
      title: footerContent.title,
      content: footerContent.content,
      updatedAt: footerContent.updatedAt,
    })
    .from(footerContent);
  const bySection = new Map(rows.map((row) => [row.section, row]));
  return FOOTER_SECTIONS.map((section) => {
    const row = bySection.get(section);
    return {
      section,
      title: row?.title ?? DEFAULT_FOOTER[section].title,
      content: sanitizeFooterHtml(row?.content ?? DEFAULT_FOOTER[section].content),
      updatedAt: row?.updatedAt ?? null,
    };
  });
}

export async function upsertFooterSection(
  db: Database,
  params: { section: FooterSection; title: string; content: string },
): Promise<void> {
  const content = sanitizeFooterHtml(params.content);
  await db
    .insert(footerContent)
    .values({ section: params.section, title: params.title, content })
    .onConflictDoUpdate({
      target: footerContent.section,
      set: { title: params.title, content, updatedAt: new Date() },
    });
}
