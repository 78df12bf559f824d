import { mergeStackLines, sizeKey, type StackLine, type StackResult } from "~/lib/stack";
import { priceStack } from "~/lib/stack-pricing";
import type { PricingContext } from "~/lib/pricing";

import type { Database } from "../db/client";
import { getStackCatalogue } from "../data/stacks.server";

export type StackQuote =
  | { ok: true; lines: StackLine[]; names: Record<string, string>; result: StackResult }
  | { ok: false; message: string };

/**
 * A stack priced as its cheapest split across vendors (one query), or why it cannot be: a
 * limit broken, a peptide or size the catalogue does not have. Sizes are answered as the
 * catalogue writes them ("10 MG" asked, "10mg" answered).
 */
export async function quoteStack(
  db: Database,
  items: StackLine[],
  pricing: PricingContext,
): Promise<StackQuote> {
  const merged = mergeStackLines(items);
  if (merged.error !== null) return { ok: false, message: merged.error };
  const catalogue = await getStackCatalogue(
    db,
    [...new Set(merged.lines.map((line) => line.peptide))],
    pricing.now,
  );
  const lines: StackLine[] = [];
  for (const line of merged.lines) {
    const sizes = catalogue.sizes.get(line.peptide);
    if (!sizes) return { ok: false, message: `Unknown peptide: ${line.peptide}` };
    const size = sizes.find((label) => sizeKey(label) === sizeKey(line.size));
    if (!size) {
      const known = sizes.length > 0 ? ` (sizes: ${sizes.join(", ")})` : "";
      return { ok: false, message: `Unknown size ${line.size} for ${line.peptide}${known}` };
    }
    lines.push({ ...line, size });
  }
  const again = mergeStackLines(lines);
  if (again.error !== null) return { ok: false, message: again.error };
  return {
    ok: true,
    lines: again.lines,
    names: Object.fromEntries(catalogue.names),
    result: priceStack(again.lines, catalogue.offers, catalogue.names, pricing),
  };
}
