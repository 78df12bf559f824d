import { z } from "./forms/zod";

/**
 * What the admin's catalogue pickers choose from. Each asks /admin/options/:kind for the
 * entries matching what was typed, a few at a time, so no page carries the whole catalogue.
 */
export const CATALOGUE_OPTION_KINDS = ["peptides", "vendors"] as const;
export type CatalogueOptionKind = (typeof CATALOGUE_OPTION_KINDS)[number];

/** One entry of a picker: the id its form posts and the name it shows. */
export interface CatalogueOption {
  id: string;
  label: string;
}

/** Enough to find one by a few letters; the rest are a narrower search away. */
export const CATALOGUE_OPTION_LIMIT = 20;
export const CATALOGUE_OPTION_QUERY_MAX = 100;

export const catalogueOptionsQuerySchema = z.object({
  kind: z.enum(CATALOGUE_OPTION_KINDS),
  q: z
    .string()
    .max(CATALOGUE_OPTION_QUERY_MAX)
    .default("")
    .transform((text) => text.trim()),
});

export function catalogueOptionsPath(kind: CatalogueOptionKind, query: string): string {
  const params = new URLSearchParams({ q: query });
  return `/admin/options/${kind}?${params}`;
}
