import { asc, eq, max } from "drizzle-orm";

import type { FILTER_FIELDS, FILTER_TYPES } from "~/lib/constants";

import type { Database } from "../db/client";
import { categoryFilters } from "../db/schema";

import { rowVersion, updateIfUnchanged, type CompareAndSetOutcome } from "./row-version.server";

/** The filters the home page offers, in the admin's order. */
export async function getEnabledCategoryFilters(db: Database) {
  return db
    .select({
      id: categoryFilters.id,
      name: categoryFilters.name,
      type: categoryFilters.type,
      field: categoryFilters.field,
    })
    .from(categoryFilters)
    .where(eq(categoryFilters.enabled, true))
    .orderBy(asc(categoryFilters.position), asc(categoryFilters.name));
}

export interface CategoryFilterInput {
  name: string;
  type: (typeof FILTER_TYPES)[number];
  field: (typeof FILTER_FIELDS)[number];
  /** Null puts a new filter last. */
  position: number | null;
  enabled: boolean;
}

/** A filter's columns as the admin edits them. */
const EDITABLE_FILTER_COLUMNS = {
  name: categoryFilters.name,
  type: categoryFilters.type,
  field: categoryFilters.field,
  position: categoryFilters.position,
  enabled: categoryFilters.enabled,
  version: rowVersion(categoryFilters),
};

/** Every filter, enabled or not, for the admin's filter editor. */
export async function getAllCategoryFilters(db: Database) {
  return db
    .select({ id: categoryFilters.id, ...EDITABLE_FILTER_COLUMNS })
    .from(categoryFilters)
    .orderBy(asc(categoryFilters.position), asc(categoryFilters.name));
}
export type AdminCategoryFilter = Awaited<ReturnType<typeof getAllCategoryFilters>>[number];

/** One filter as the admin edits it; null when it does not exist. */
export async function getCategoryFilter(
  db: Database,
  id: string,
): Promise<Omit<AdminCategoryFilter, "id"> | null> {
  const [row] = await db
    .select(EDITABLE_FILTER_COLUMNS)
    .from(categoryFilters)
    .where(eq(categoryFilters.id, id));
  return row ?? null;
}

export async function createCategoryFilter(
  db: Database,
  input: CategoryFilterInput,
): Promise<string> {
  let position = input.position;
  if (position === null) {
    const [row] = await db.select({ last: max(categoryFilters.position) }).from(categoryFilters);
    position = (row?.last ?? 0) + 1;
  }
  const [row] = await db
    .insert(categoryFilters)
    .values({ ...input, position })
    .returning({ id: categoryFilters.id });
  return row.id;
}

/** Saves the filter if it is still at `version` (the one its form was opened on). */
export async function updateCategoryFilter(
  db: Database,
  id: string,
  version: string,
  input: CategoryFilterInput,
): Promise<CompareAndSetOutcome> {
  const { position, ...rest } = input;
  return updateIfUnchanged(
    db,
    categoryFilters,
    id,
    version,
    position === null ? rest : { ...rest, position },
  );
}
