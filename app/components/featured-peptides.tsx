import type { PeptideCardData } from "~/lib/peptide-card";

import { PeptideCard } from "./peptide-card";

/** Three slots by popular_order; an empty slot reads 'No Peptide' (SPEC.md §2). */
export function FeaturedPeptides({ slots }: { slots: (PeptideCardData | null)[] }) {
  return (
    <section aria-labelledby="featured-heading" className="flex flex-col gap-4">
      <h2 id="featured-heading" className="text-2xl font-semibold tracking-tight">
        Featured Peptides
      </h2>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
        {slots.map((peptide, index) =>
          peptide ? (
            <PeptideCard key={peptide.id} peptide={peptide} />
          ) : (
            <div
              key={`empty-${index}`}
              className="grid min-h-11 place-items-center sm:min-h-48 rounded-xl border border-dashed text-sm text-muted-foreground"
            >
              No Peptide
            </div>
          ),
        )}
      </div>
    </section>
  );
}
