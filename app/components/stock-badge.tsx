import { Badge } from "./ui/badge";

const LABELS: Record<string, { label: string; variant: "success" | "warning" | "destructive" }> = {
  in_stock: { label: "In stock", variant: "success" },
  low_stock: { label: "Low stock", variant: "warning" },
  out_of_stock: { label: "Out of stock", variant: "destructive" },
};

/** SPEC.md §3: out_of_stock is out; anything unknown counts as in stock. */
export function StockBadge({ status }: { status: string }) {
  const { label, variant } = LABELS[status] ?? LABELS.in_stock;
  return <Badge variant={variant}>{label}</Badge>;
}

export const STOCK_ORDER: Record<string, number> = { in_stock: 0, low_stock: 1, out_of_stock: 2 };
