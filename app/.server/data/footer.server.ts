import { eq } from "drizzle-orm";

import { DEFAULT_FOOTER, FOOTER_SECTIONS, type FooterSection } from "~/lib/constants";
import { UNSTORED_ROW_VERSION } from "~/lib/edit-conflict";

import type { Database } from "../db/client";
import { footerContent } from "../db/schema";
import { sanitizeFooterHtml } from "../platform/sanitize.server";

import { compareAndSet, rowVersion } from "./row-version.server";

export interface FooterSectionContent {
  section: FooterSection;
  title: string;
  /** Sanitized HTML, safe to render. */
  content: string;
  updatedAt: Date | null;
  /** The stored row's version (~/lib/edit-conflict); UNSTORED_ROW_VERSION for a default. */
  version: string;
}

/** All five sections in their fixed order, falling back to SPEC.md's defaults for missing rows. */
export async function getFooterSections(db: Database): Promise<FooterSectionContent[]> {
  const rows = await db
    .select({
      section: footerContent.section,
      title: footerContent.title,
      content: footerContent.content,
      updatedAt: footerContent.updatedAt,
      version: rowVersion(footerContent),
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
      version: row?.version ?? UNSTORED_ROW_VERSION,
    };
  });
}

/**
 * Saves a section while it is still at `version` (the one its form was opened on;
 * UNSTORED_ROW_VERSION: the form showed the default, no row yet). "changed": nothing written.
 */
export async function upsertFooterSection(
  db: Database,
  params: { section: FooterSection; title: string; content: string },
  version: string,
): Promise<{ version: string } | "changed"> {
  const content = sanitizeFooterHtml(params.content);
  const [stored] = await db
    .select({ id: footerContent.id })
    .from(footerContent)
    .where(eq(footerContent.section, params.section));
  if (stored) {
    const values = { title: params.title, content };
    const saved = await compareAndSet(db, footerContent, stored.id, version, values);
    return saved.outcome === "updated" ? { version: saved.version } : "changed";
  }
  if (version !== UNSTORED_ROW_VERSION) return "changed";
  const [inserted] = await db
    .insert(footerContent)
    .values({ section: params.section, title: params.title, content })
    .onConflictDoNothing({ target: footerContent.section })
    .returning({ version: rowVersion(footerContent) });
  return inserted ?? "changed";
}
