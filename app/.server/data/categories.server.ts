import { asc, count, desc, eq, or, sql } from "drizzle-orm";

import type { CategoryFields } from "~/lib/forms/catalog";

import type { Database } from "../db/client";
import { categories } from "../db/schema";

import { containsSearch } from "./table-search.server";
import { rowVersion, updateIfUnchanged, type CompareAndSetOutcome } from "./row-version.server";

export type CategoryInput = CategoryFields & { slug: string };

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
};

export async function getCategories(db: Database) {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.name));
}
export type AdminCategory = Awaited<ReturnType<typeof getCategories>>[number];

/** A category as its admin row and edit dialog show it: with its version (~/lib/edit-conflict). */
const adminCategoryColumns = { ...categoryColumns, version: rowVersion(categories) };

/** One category as the admin edits it; null when it does not exist. */
export async function getAdminCategory(db: Database, id: string) {
  const [row] = await db.select(adminCategoryColumns).from(categories).where(eq(categories.id, id));
  return row ?? null;
}

/** One page of the categories by name (those whose name or description holds `q`), with the total. Two queries. */
export async function getCategoryPage(
  db: Database,
  query: { q: string; dir: "asc" | "desc"; page: number; pageSize: number },
) {
  const order = query.dir === "desc" ? desc : asc;
  const matches = query.q
    ? containsSearch(query.q, [categories.name, categories.description])
    : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(adminCategoryColumns)
      .from(categories)
      .where(matches)
      .orderBy(order(categories.name), asc(categories.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(categories).where(matches),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Another category already using this name or slug (both are unique), to answer clearly. */
export async function findCategoryConflict(
  db: Database,
  input: Pick<CategoryInput, "name" | "slug">,
  exceptId?: string,
): Promise<"name" | "slug" | null> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(
      or(
        sql`lower(${categories.name}) = ${input.name.toLowerCase()}`,
        eq(categories.slug, input.slug),
      ),
    );
  const others = rows.filter((row) => row.id !== exceptId);
  if (others.some((row) => row.name.toLowerCase() === input.name.toLowerCase())) return "name";
  if (others.some((row) => row.slug === input.slug)) return "slug";
  return null;
}

export async function createCategory(db: Database, input: CategoryInput): Promise<string> {
  const [row] = await db.insert(categories).values(input).returning({ id: categories.id });
  return row.id;
}

/**
 * Saves the category if it is still at `version` (the one its form was opened on); returns its
 * values before the change (for the audit log). "changed"/"missing": nothing written.
 */
export async function updateCategory(
  db: Database,
  id: string,
  version: string,
  input: CategoryInput,
): Promise<CategoryInput | Exclude<CompareAndSetOutcome, "updated">> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ name: categories.name, slug: categories.slug, description: categories.description })
      .from(categories)
      .where(eq(categories.id, id))
      .for("update");
    if (!previous) return "missing";
    const outcome = await updateIfUnchanged(tx, categories, id, version, input);
    return outcome === "updated" ? previous : outcome;
  });
}
