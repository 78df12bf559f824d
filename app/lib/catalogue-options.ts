import { z } from "./forms/zod";

/**
 * What the admin's catalogue pickers choose from. Each asks /admin/options/:kind for the
 * entries matching what was typed, a few at a time, so no page carries the whole catalogue.
 * Sizes are one peptide's (`?peptide=`).
 */
export const CATALOGUE_OPTION_KINDS = ["peptides", "vendors", "sizes"] as const;
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
  peptide: z.uuid().optional(),
});

export function catalogueOptionsPath(
  kind: CatalogueOptionKind,
  query: string,
  scope: { peptide?: string } = {},
): string {
  const params = new URLSearchParams({ q: query });
  if (scope.peptide) params.set("peptide", scope.peptide);
  return `/admin/options/${kind}?${params}`;
}
