/** The catalogue page, the sitemap's peptide pages and the diagnostics page's counts. */
import { and, asc, eq, sql } from "drizzle-orm";

import type { Database } from "../../db/client";
import { rowsOf, toIso } from "../../db/rows.server";
import { categories, peptides, vendorPeptides } from "../../db/schema";
import { peptideIsPublic, priceIsActive, priceIsPublic } from "../public-visibility.server";
import { BY_NAME } from "./pricing-sql.server";

export interface CatalogueSection {
  name: string;
  slug: string | null;
  description: string | null;
  peptides: { name: string; slug: string }[];
}

export async function getCatalogue(db: Database): Promise<CatalogueSection[]> {
  const [categoryRows, peptideRows] = await Promise.all([
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
      })
      .from(categories)
      .orderBy(asc(categories.name)),
    db
      .select({ name: peptides.name, slug: peptides.slug, categoryId: peptides.categoryId })
      .from(peptides)
      .where(peptideIsPublic())
      .orderBy(BY_NAME),
  ]);
  const sections: CatalogueSection[] = categoryRows.map((c) => ({
    name: c.name,
    slug: c.slug,
    description: c.description,
    peptides: peptideRows
      .filter((p) => p.categoryId === c.id)
      .map(({ name, slug }) => ({ name, slug })),
  }));
  const known = new Set(categoryRows.map((c) => c.id));
  const uncategorised = peptideRows.filter(
    (p) => p.categoryId === null || !known.has(p.categoryId),
  );
  if (uncategorised.length > 0) {
    sections.push({
      name: "Uncategorised",
      slug: null,
      description: null,
      peptides: uncategorised.map(({ name, slug }) => ({ name, slug })),
    });
  }
  return sections;
}

/** Every peptide page with its last change: the later of the peptide's edit and its newest price check. */
export async function getSitemapEntries(
  db: Database,
): Promise<{ slug: string; lastModified: string }[]> {
  const rows = await db
    .select({
      slug: peptides.slug,
      lastModified: sql<string>`greatest(${peptides.updatedAt}, max(${vendorPeptides.priceCheckedAt}))`,
    })
    .from(peptides)
    .leftJoin(vendorPeptides, and(eq(vendorPeptides.peptideId, peptides.id), priceIsActive()))
    .where(peptideIsPublic())
    .groupBy(peptides.id)
    .orderBy(asc(peptides.slug));
  return rows.map((r) => ({ slug: r.slug, lastModified: toIso(r.lastModified) }));
}

export interface Diagnostics {
  peptides: number;
  vendors: number;
  prices: number;
  lastScrapeRun: string | null;
}

export async function getDiagnostics(db: Database): Promise<Diagnostics> {
  const [row] = rowsOf(
    await db.execute(sql`
      select (select count(*) from peptides p where ${peptideIsPublic("p")}) as peptides,
             (select count(*) from vendors) as vendors,
             (select count(*) from vendor_peptides vp where ${priceIsPublic("vp")}) as prices,
             (select max(created_at) from scrape_logs) as last_scrape_run`),
  );
  return {
    peptides: Number(row.peptides),
    vendors: Number(row.vendors),
    prices: Number(row.prices),
    lastScrapeRun: row.last_scrape_run === null ? null : toIso(row.last_scrape_run),
  };
}
