import { Ban, Check, Tag, X } from "lucide-react";
import { useFetcher } from "react-router";

import { CatalogueCombobox } from "~/components/admin/catalogue-combobox";
import { SimpleTable } from "~/components/admin/data-table";
import { NativeSelect } from "~/components/admin/form-controls";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { TableCell, TableRow } from "~/components/ui/table";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { formatDate, formatPrice } from "~/lib/format";
import {
  REVIEW_QUANTITY_MAX_LENGTH,
  REVIEW_REASON_LABELS,
  REVIEW_UNITS,
} from "~/lib/forms/scrape-review";
import { provenanceHow, type PriceProvenance } from "~/lib/price-provenance";
import { formatSize } from "~/lib/units";

const NA = "N/A";

export interface ReviewQueueItem {
  id: string;
  name: string;
  price: number | null;
  currency: string | null;
  reason: string;
  quantity: number | null;
  unit: string | null;
  vials: number;
  form: string;
  vendorName: string | null;
  retailerName: string | null;
  suggestedPeptideId: string | null;
  suggestedPeptideName: string | null;
  suggestedQuantity: number | string | null;
  suggestedUnit: string | null;
  provenance: PriceProvenance | null;
}

/** How the price was read: the way, the day, the URL and the excerpt read there. */
function ProvenanceLine({ provenance }: { provenance: PriceProvenance }) {
  return (
    <div className="text-xs break-all text-muted-foreground" data-testid="review-provenance">
      Price {provenanceHow(provenance)} on {formatDate(provenance.readAt)}
      {provenance.url ? ` from ${provenance.url}` : ""}
      {provenance.evidence ? ` · “${provenance.evidence}”` : ""}
    </div>
  );
}

/** What the matcher read from the title: "10mg × 5 vials · capsule". */
function readSummary(item: ReviewQueueItem): string {
  const size = item.quantity !== null && item.unit ? formatSize(item.quantity, item.unit) : null;
  const parts = [
    size ? `${size}${item.vials > 1 ? ` × ${item.vials} vials` : ""}` : "no size",
    item.form === "vial" ? null : item.form,
  ];
  return parts.filter(Boolean).join(" · ");
}

function ReviewRow({ item }: { item: ReviewQueueItem }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const field = (name: string) => `review-${name}-${item.id}`;
  return (
    <TableRow>
      {/* Scraped names can be one long word: they wrap, never widen the table past its actions. */}
      <TableCell
        className="min-w-40 align-top whitespace-normal wrap-anywhere"
        data-label="Listing"
      >
        <div className="font-medium">{item.name}</div>
        <div className="text-xs text-muted-foreground">
          {item.vendorName ?? item.retailerName ?? NA} · read as {readSummary(item)}
        </div>
        {item.provenance ? <ProvenanceLine provenance={item.provenance} /> : null}
      </TableCell>
      <TableCell className="align-top tabular-nums" data-label="Price">
        {item.price === null
          ? NA
          : item.currency
            ? formatPrice(item.price, item.currency)
            : `${item.price.toFixed(2)} (currency unknown)`}
      </TableCell>
      <TableCell className="align-top" data-label="Reason">
        <Badge variant={item.reason === "price_outlier" ? "warning" : "secondary"}>
          {REVIEW_REASON_LABELS[item.reason] ?? item.reason}
        </Badge>
      </TableCell>
      <TableCell className="align-top whitespace-normal wrap-anywhere" data-label="Suggested match">
        {item.suggestedPeptideName
          ? `${item.suggestedPeptideName}${item.suggestedQuantity !== null && item.suggestedUnit ? ` · ${formatSize(item.suggestedQuantity, item.suggestedUnit)}` : ""}`
          : NA}
      </TableCell>
      <TableCell className="align-top" data-label="Actions">
        <fetcher.Form method="post" className="flex max-w-md min-w-64 flex-wrap items-center gap-2">
          <input type="hidden" name="id" value={item.id} />
          <label htmlFor={field("peptide")} className="sr-only">
            Peptide for {item.name}
          </label>
          <CatalogueCombobox
            id={field("peptide")}
            kind="peptides"
            name="peptide_id"
            selected={
              item.suggestedPeptideId && item.suggestedPeptideName
                ? { id: item.suggestedPeptideId, label: item.suggestedPeptideName }
                : null
            }
            placeholder="Choose peptide"
            className="h-8 w-40"
          />
          <label htmlFor={field("quantity")} className="sr-only">
            Size of one vial
          </label>
          <Input
            id={field("quantity")}
            name="quantity"
            inputMode="decimal"
            maxLength={REVIEW_QUANTITY_MAX_LENGTH}
            defaultValue={item.quantity ?? ""}
            placeholder="Size"
            className="w-20"
          />
          <label htmlFor={field("unit")} className="sr-only">
            Unit
          </label>
          <NativeSelect
            id={field("unit")}
            name="unit"
            defaultValue={item.unit ?? "mg"}
            className="w-20"
          >
            {REVIEW_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </NativeSelect>
          <label htmlFor={field("vials")} className="sr-only">
            Vials in the pack
          </label>
          <Input
            id={field("vials")}
            name="vials"
            type="number"
            min={1}
            defaultValue={item.vials}
            className="w-16"
            title="Vials in the pack"
          />
          <span className="text-xs text-muted-foreground">vials</span>
          <label htmlFor={field("currency")} className="sr-only">
            Currency
          </label>
          <Input
            id={field("currency")}
            name="currency"
            defaultValue={item.currency ?? ""}
            placeholder="Currency"
            required={item.currency === null}
            maxLength={3}
            className="w-24 uppercase"
          />
          <label className="flex items-center gap-1 text-xs">
            <input type="checkbox" name="add_alias" />
            Also add the name as an alias
          </label>
          <Button
            type="submit"
            name="intent"
            value="approve-review"
            size="sm"
            disabled={busy}
            aria-label={`Approve ${item.name}`}
          >
            <Check aria-hidden />
            Approve
          </Button>
          <Button
            type="submit"
            name="intent"
            value="alias-review"
            formNoValidate
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Add alias: ${item.name}`}
            title="Keep the name as an alias of the chosen peptide, so the next run matches it"
          >
            <Tag aria-hidden />
            Add alias
          </Button>
          <Button
            type="submit"
            name="intent"
            value="reject-review"
            formNoValidate
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Reject ${item.name}`}
          >
            <X aria-hidden />
            Reject
          </Button>
          <Button
            type="submit"
            name="intent"
            value="ignore-review"
            formNoValidate
            size="sm"
            variant="ghost"
            disabled={busy}
            aria-label={`Ignore ${item.name} for good`}
            title="Later runs skip this vendor's listing of this name"
          >
            <Ban aria-hidden />
            Ignore
          </Button>
        </fetcher.Form>
      </TableCell>
    </TableRow>
  );
}

const REVIEW_COLUMNS = ["Listing", "Price", "Reason", "Suggested match", "Actions"].map(
  (header) => ({ header }),
);

export function ReviewQueue({ items }: { items: ReviewQueueItem[] }) {
  return (
    <section aria-labelledby="review-heading" className="space-y-3">
      <div>
        <h2 id="review-heading" tabIndex={-1} className="text-xl font-semibold">
          Review Queue
        </h2>
        <p className="text-sm text-muted-foreground">
          Scraped listings that cannot go live on their own wait here, each with its reason: map it
          to a peptide and size (a missing size is created), keep its name as an alias, reject it,
          or ignore it for good. Approving writes this vendor&apos;s price only.
        </p>
      </div>
      <SimpleTable
        label="Review queue"
        columns={REVIEW_COLUMNS}
        rows={items}
        rowKey={(item) => item.id}
        renderRow={(item) => <ReviewRow item={item} />}
        emptyMessage="Nothing waiting for review."
        pinLastColumn
        phoneCards
      />
    </section>
  );
}
