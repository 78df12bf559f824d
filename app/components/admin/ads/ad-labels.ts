import type { AD_PLACEMENTS, AD_SIZES, AD_TYPES } from "~/lib/constants";

export const TYPE_LABELS: Record<(typeof AD_TYPES)[number], string> = {
  basic: "Basic",
  overlay: "Overlay",
  media: "Media",
};

export const PLACEMENT_LABELS: Record<(typeof AD_PLACEMENTS)[number], string> = {
  homepage: "Homepage",
  category_page: "Category page",
  comparison_page: "Comparison page",
};

export const SIZE_LABELS: Record<(typeof AD_SIZES)[number], string> = {
  full: "Full width",
  half: "Half (2 cards)",
  single: "Single (1 card)",
};

/** A stored value's label, or the value itself when it is not one the form offers. */
export function labelOf(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value;
}
