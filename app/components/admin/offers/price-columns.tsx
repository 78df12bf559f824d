import { ExternalLink } from "lucide-react";

import { ActiveBadge } from "~/components/admin/active-status";
import { ConfirmDeleteButton } from "~/components/admin/confirm-delete-button";
import { EditButton } from "~/components/edit-button";
import type { DataColumn } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import type { StockStatus } from "~/lib/constants";
import { formatLastScraped, formatPrice } from "~/lib/format";
import { provenanceHow, type PriceProvenance } from "~/lib/price-provenance";

export const DELETE_PRICE_KEY = "delete-vendor-price";

export interface PriceRow {
  id: string;
  peptideName: string;
  vendorName: string;
  price: number;
  currency: string;
  quantity: number;
  unit: string;
  unitLabel: string | null;
  purity: string | null;
  notes: string | null;
  url: string | null;
  stockStatus: string;
  priceCheckedAt: Date | string;
  /** Stale by the one freshness rule the public pages use (~/lib/freshness). */
  stale: boolean;
  /** Shown and counted on the public side. */
  active: boolean;
  /** The row's version: the inline edit posts it (~/lib/edit-conflict). */
  version: string;
  /** How the price was read (issue 31 Must 10); null for prices from before it was kept. */
  provenance?: PriceProvenance | null;
}

export const STOCK_LABELS: Record<StockStatus, string> = {
  in_stock: "In stock",
  low_stock: "Low stock",
  out_of_stock: "Out of stock",
};

export function priceRowName(row: PriceRow): string {
  return `${row.vendorName} price for ${row.peptideName}`;
}

/** SPEC.md §2's vendor-peptides columns, plus stock and when the price was last confirmed. */
export function priceColumns({
  onEdit,
  editingDisabled,
}: {
  onEdit: (row: PriceRow) => void;
  editingDisabled: boolean;
}): DataColumn<PriceRow>[] {
  return [
    { id: "peptide", header: "Peptide", sortKey: "peptide", cell: (row) => row.peptideName },
    { id: "vendor", header: "Vendor", sortKey: "vendor", cell: (row) => row.vendorName },
    {
      id: "price",
      header: "Price",
      sortKey: "price",
      cell: (row) => <span className="tabular-nums">{formatPrice(row.price, row.currency)}</span>,
    },
    { id: "currency", header: "Currency", sortKey: "currency", cell: (row) => row.currency },
    {
      id: "quantity",
      header: "Quantity",
      sortKey: "quantity",
      cell: (row) => <span className="tabular-nums">{row.quantity}</span>,
    },
    {
      id: "unit",
      header: "Unit",
      sortKey: "unit",
      cell: (row) => (row.unit === "other" ? (row.unitLabel ?? "other") : row.unit),
    },
    { id: "purity", header: "Purity", sortKey: "purity", cell: (row) => row.purity ?? "" },
    { id: "notes", header: "Notes", sortKey: "notes", cell: (row) => row.notes ?? "" },
    {
      id: "link",
      header: "Link",
      sortKey: "link",
      cell: (row) =>
        row.url ? (
          <a
            href={row.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            Open
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">(opens {row.vendorName} in a new tab)</span>
          </a>
        ) : null,
    },
    {
      id: "stock",
      header: "Stock",
      sortKey: "stock",
      cell: (row) => STOCK_LABELS[row.stockStatus as StockStatus] ?? row.stockStatus,
    },
    {
      id: "checked",
      header: "Checked",
      sortKey: "checked",
      cell: (row) => (
        <span className="flex flex-col gap-1 text-xs">
          {formatLastScraped(row.priceCheckedAt)}
          {row.stale ? <Badge variant="outline">Stale</Badge> : null}
          {row.provenance ? (
            <span
              className="text-muted-foreground"
              title={[row.provenance.url, row.provenance.evidence].filter(Boolean).join("\n")}
            >
              {provenanceHow(row.provenance)}
            </span>
          ) : null}
        </span>
      ),
    },
    { id: "status", header: "Status", cell: (row) => <ActiveBadge active={row.active} /> },
    {
      id: "actions",
      header: "Actions",
      cell: (row) => (
        <div className="flex items-center gap-1">
          <EditButton
            label={`Edit ${priceRowName(row)}`}
            disabled={editingDisabled}
            onClick={() => onEdit(row)}
          />
          <ConfirmDeleteButton
            fetcherKey={DELETE_PRICE_KEY}
            fields={{ intent: "delete-vendor-price", id: row.id }}
            itemName={priceRowName(row)}
            description={`The ${row.vendorName} price for ${row.peptideName} and its price history will be moved to the trash (kept 30 days, restorable).`}
          />
        </div>
      ),
    },
  ];
}
