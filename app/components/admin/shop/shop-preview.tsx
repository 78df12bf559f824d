import { useState } from "react";
import { Form, useFetcher } from "react-router";

import { CatalogueCombobox } from "~/components/admin/catalogue-combobox";
import { SimpleTable, type SimpleColumn } from "~/components/admin/data-table";
import { Field } from "~/components/admin/form-controls";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { SHOP_KIND_LABELS } from "~/lib/constants";
import { PREVIEW_OUTCOME_LABELS, PREVIEW_OUTCOMES } from "~/lib/shop-preview";
import type { AddShopResult } from "~/lib/forms/add-shop";

export type ShopPreviewData = Extract<AddShopResult, { ok: true }>;
type PreviewRow = ShopPreviewData["rows"][number];

const money = (amount: number | null, currency: string | null) =>
  amount === null ? "N/A" : `${amount.toFixed(2)}${currency ? ` ${currency}` : ""}`;

/** The actions an operator has on one listing that a run would not match. */
function RowActions({
  row,
  previewJson,
  busy,
  onAction,
}: {
  row: PreviewRow;
  previewJson: string;
  busy: boolean;
  onAction: (form: FormData) => void;
}) {
  const post = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget, submitter);
    onAction(form);
  };
  if (row.outcome === "missing_size")
    return (
      <form method="post" onSubmit={post}>
        <input type="hidden" name="preview" value={previewJson} />
        <input type="hidden" name="listing" value={row.name} />
        <Button size="sm" variant="outline" name="intent" value="create-size" disabled={busy}>
          Create size
        </Button>
      </form>
    );
  if (row.outcome !== "unknown" && row.outcome !== "look_alike") return null;
  return (
    <form method="post" onSubmit={post} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="preview" value={previewJson} />
      <input type="hidden" name="listing" value={row.name} />
      <CatalogueCombobox
        kind="peptides"
        name="peptide_id"
        selected={null}
        placeholder="Choose a peptide…"
        aria-label={`Peptide for ${row.name}`}
        className="h-8 w-40"
      />
      <Button size="sm" variant="outline" name="intent" value="map-alias" disabled={busy}>
        Map
      </Button>
      <Button size="sm" variant="outline" name="intent" value="create-peptide" disabled={busy}>
        Create peptide
      </Button>
    </form>
  );
}

/** Every offer the shop lists with what a run would make of it, and the one-step create. */
export function ShopPreview({
  data,
  busy,
  onAction,
}: {
  data: ShopPreviewData;
  busy: boolean;
  onAction: (form: FormData) => void;
}) {
  const [ignored, setIgnored] = useState<Set<string>>(new Set());
  const previewJson = JSON.stringify(data.preview);
  const toggle = (name: string, on: boolean) =>
    setIgnored((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const previewColumns: SimpleColumn<PreviewRow>[] = [
    {
      header: "Listing",
      cell: (row) =>
        row.link ? (
          <a href={row.link} rel="noreferrer nofollow" target="_blank" className="underline">
            {row.name}
          </a>
        ) : (
          row.name
        ),
    },
    { header: "Price", cell: (row) => money(row.price, row.currency) },
    { header: "Regular", cell: (row) => money(row.regularPrice, row.currency) },
    { header: "Sale", cell: (row) => money(row.salePrice, row.currency) },
    { header: "Stock", cell: (row) => (row.soldOut ? "Sold out" : "In stock") },
    {
      header: "Outcome",
      cell: (row) => (
        <>
          {PREVIEW_OUTCOME_LABELS[row.outcome]}
          {row.peptideName ? ` · ${row.peptideName}` : ""}
          {row.quantity !== null ? ` ${row.quantity} ${row.unit ?? ""}` : ""}
          {row.resembles ? ` (like ${row.resembles})` : ""}
        </>
      ),
    },
    {
      header: "Action",
      cell: (row) => (
        <RowActions row={row} previewJson={previewJson} busy={busy} onAction={onAction} />
      ),
    },
    {
      header: "Ignore",
      cell: (row) =>
        row.outcome === "matched" ? null : (
          <input
            type="checkbox"
            aria-label={`Ignore ${row.name}`}
            checked={ignored.has(row.name)}
            onChange={(event) => toggle(row.name, event.currentTarget.checked)}
          />
        ),
    },
  ];
  return (
    <section aria-labelledby="preview-heading" className="space-y-4">
      <h2 id="preview-heading" className="text-xl font-semibold">
        {SHOP_KIND_LABELS[data.preview.kind]}: {data.rows.length} offers
      </h2>
      <ul className="list-disc pl-5 text-sm text-muted-foreground">
        {data.preview.findings.map((finding) => (
          <li key={finding}>{finding}</li>
        ))}
        <li>{data.preview.requests} requests to the shop (robots.txt aside)</li>
      </ul>
      <ul aria-label="Outcomes" className="flex flex-wrap gap-2">
        {PREVIEW_OUTCOMES.map((outcome) => (
          <li key={outcome}>
            <Badge variant={outcome === "matched" ? "default" : "secondary"}>
              {PREVIEW_OUTCOME_LABELS[outcome]}: {data.counts[outcome]}
            </Badge>
          </li>
        ))}
      </ul>
      <SimpleTable
        columns={previewColumns}
        rows={data.rows}
        rowKey={(row) => `${row.name}|${row.link ?? ""}`}
      />
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="create-shop" />
        <input type="hidden" name="preview" value={previewJson} />
        <input type="hidden" name="ignored" value={[...ignored].join("\n")} />
        <Field id="vendor-name" label="Vendor name">
          <Input
            name="vendor_name"
            required
            maxLength={200}
            defaultValue={new URL(data.preview.shopUrl).hostname}
          />
        </Field>
        <Button type="submit" disabled={busy}>
          Create vendor and source
        </Button>
      </Form>
    </section>
  );
}

/** The fetcher every preview action posts through, so the latest preview replaces the last. */
export function usePreviewFetcher() {
  return useFetcher<AddShopResult>();
}
