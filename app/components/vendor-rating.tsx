import { Star } from "lucide-react";

import { cn } from "~/lib/utils";

/** SPEC.md §9: a rating of 4 or more gets a highlighted star. */
const HIGHLIGHT_RATING = 4;

/** A vendor's rating with its star, or a dash when it has none. */
export function VendorRating({ rating }: { rating: number | null }) {
  if (rating === null) return <span className="text-muted-foreground">—</span>;
  const highlighted = rating >= HIGHLIGHT_RATING;
  return (
    <span className="inline-flex items-center gap-1" data-highlighted={highlighted || undefined}>
      <Star
        className={cn(
          "size-4",
          highlighted ? "fill-warning text-warning" : "text-muted-foreground",
        )}
        aria-hidden
      />
      {rating.toFixed(1)}
    </span>
  );
}
