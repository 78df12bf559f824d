import { Form, Link, useFetcher, useLocation } from "react-router";

import { CatalogueCombobox } from "~/components/admin/catalogue-combobox";
import { SimpleTable, type SimpleColumn } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { PaginationControls } from "~/components/ui/pagination-controls";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { SHOP_KIND_LABELS } from "~/lib/constants";
import type { PreviewRow, PreviewView } from "~/lib/forms/add-shop";
import { PREVIEW_OUTCOME_LABELS, PREVIEW_OUTCOMES } from "~/lib/shop-preview";

import { CreateShopForm } from "./create-shop-form";

type PreviewResult = NonNullable<PreviewView["result"]>;

const money = (amount: number | null, currency: string | null) =>
  amount === null ? "N/A" : `${amount.toFixed(2)}${currency ? ` ${currency}` : ""}`;

/** This page's URL with some parameters changed (null drops one). */
function useHrefWith() {
  const { pathname, search } = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes))
      if (value === null) params.delete(name);
      else params.set(name, value);
    return `${pathname}?${params}`;
  };
}

/** A decision on one offer: it posts the preview's and the offer's ids, nothing more. */
function useDecision(previewId: string, row: PreviewRow) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const ids = (
    <>
      <input type="hidden" name="preview_id" value={previewId} />
      <input type="hidden" name="offer_id" value={row.id} />
    </>
  );
  return { fetcher, ids, busy: fetcher.state !== "idle" };
}

/** The actions an operator has on one listing that a run would not match. */
function RowActions({ previewId, row }: { previewId: string; row: PreviewRow }) {
  const { fetcher, ids, busy } = useDecision(previewId, row);
  if (row.outcome === "missing_size")
    return (
      <fetcher.Form method="post">
        {ids}
        <Button size="sm" variant="outline" name="intent" value="create-size" disabled={busy}>
          Create size
        </Button>
      </fetcher.Form>
    );
  if (row.outcome !== "unknown" && row.outcome !== "look_alike") return null;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      {ids}
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
    </fetcher.Form>
  );
}

/** Kept on the server, so it holds across pages and reloads until the create. */
function IgnoreBox({ previewId, row }: { previewId: string; row: PreviewRow }) {
  const { fetcher } = useDecision(previewId, row);
  return (
    <input
      // The box is the operator's until the server's answer, which then sets it afresh.
      key={String(row.ignored)}
      type="checkbox"
      aria-label={`Ignore ${row.name}`}
      defaultChecked={row.ignored}
      onChange={(event) =>
        fetcher.submit(
          {
            intent: "ignore",
            preview_id: previewId,
            offer_id: row.id,
            ignored: String(event.currentTarget.checked),
          },
          { method: "post" },
        )
      }
    />
  );
}

function columnsFor(previewId: string): SimpleColumn<PreviewRow>[] {
  return [
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
    { header: "Action", cell: (row) => <RowActions previewId={previewId} row={row} /> },
    {
      header: "Ignore",
      cell: (row) =>
        row.outcome === "matched" ? null : <IgnoreBox previewId={previewId} row={row} />,
    },
  ];
}

/** Search and the outcome filter: a GET form, so the view survives a reload. */
function PreviewFilter({ previewId }: { previewId: string }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="preview" value={previewId} />
      <Input
        name="q"
        type="search"
        aria-label="Search listings"
        placeholder="Search listings"
        defaultValue={params.get("q") ?? ""}
        className="h-9 w-60"
      />
      <NativeSelect
        name="outcome"
        aria-label="Filter by outcome"
        defaultValue={params.get("outcome") ?? ""}
        className="w-48"
      >
        <option value="">Every outcome</option>
        {PREVIEW_OUTCOMES.map((outcome) => (
          <option key={outcome} value={outcome}>
            {PREVIEW_OUTCOME_LABELS[outcome]}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" variant="outline" size="sm">
        Filter
      </Button>
    </Form>
  );
}

/** The offers the shop lists with what a run would make of each, a page at a time. */
export function ShopPreview({ previewId, result }: { previewId: string; result: PreviewResult }) {
  const hrefWith = useHrefWith();
  return (
    <section aria-labelledby="preview-heading" className="space-y-4">
      <h2 id="preview-heading" className="text-xl font-semibold">
        {SHOP_KIND_LABELS[result.kind]}: {result.offers} offers
      </h2>
      <ul aria-label="Outcomes" className="flex flex-wrap gap-2">
        {PREVIEW_OUTCOMES.map((outcome) => (
          <li key={outcome}>
            <Link to={hrefWith({ outcome, page: null })} preventScrollReset>
              <Badge variant={outcome === "matched" ? "default" : "secondary"}>
                {PREVIEW_OUTCOME_LABELS[outcome]}: {result.counts[outcome]}
              </Badge>
            </Link>
          </li>
        ))}
        <li>
          <Badge variant="outline">Ignored: {result.ignored}</Badge>
        </li>
      </ul>
      <PreviewFilter previewId={previewId} />
      <p className="text-sm text-muted-foreground">
        {result.matching} of {result.offers} offers shown, page {result.page} of {result.pages}
      </p>
      <SimpleTable
        label="Preview offers"
        columns={columnsFor(previewId)}
        rows={result.rows}
        rowKey={(row) => row.id}
        emptyMessage="No offer matches the search"
      />
      <PaginationControls
        page={result.page}
        pageCount={result.pages}
        hrefForPage={(page) => hrefWith({ page: String(page) })}
        label="Preview pages"
        showEnds
      />
      <CreateShopForm previewId={previewId} result={result} />
    </section>
  );
}
