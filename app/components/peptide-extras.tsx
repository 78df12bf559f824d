import { Check } from "lucide-react";
import { Link } from "react-router";

import { peptideImageProps } from "~/lib/peptide-image";

/** The detail page's list of a peptide's key benefits. */
export function KeyBenefits({ benefits }: { benefits: string[] }) {
  return (
    <section aria-labelledby="benefits-heading" className="flex flex-col gap-3">
      <h2 id="benefits-heading" className="text-xl font-semibold">
        Key Benefits
      </h2>
      {benefits.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 text-success" aria-hidden />
              {benefit}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No key benefits listed.</p>
      )}
    </section>
  );
}

export interface RecommendedPeptide {
  id: string;
  slug: string;
  name: string;
  imageUrl: string | null;
  categoryName: string | null;
}

/** The detail page's other peptides to look at. */
export function RecommendedPeptides({ items }: { items: RecommendedPeptide[] }) {
  return (
    <section aria-labelledby="recommended-heading" className="flex flex-col gap-3">
      <h2 id="recommended-heading" className="text-xl font-semibold">
        Recommended Products
      </h2>
      {items.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={`/peptide/${item.slug}`}
                prefetch="intent"
                className="flex h-full flex-col gap-2 rounded-lg border p-3 hover:bg-accent"
              >
                <img
                  {...peptideImageProps(item.imageUrl, "(min-width: 768px) 160px, 50vw", 200)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="peptide-image aspect-[4/3] w-full rounded bg-muted"
                />
                <span className="font-medium">{item.name}</span>
                <span className="text-xs text-muted-foreground">
                  {item.categoryName ?? "Uncategorised"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No recommendations yet.</p>
      )}
    </section>
  );
}
