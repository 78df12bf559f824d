import {
  data,
  Form,
  Link,
  redirect,
  useSearchParams,
  useSubmit,
  type ShouldRevalidateFunctionArgs,
} from "react-router";

import { publicPageHeaders } from "~/.server/platform/http/cache-headers.server";
import { getActiveAdsByPlacement } from "~/.server/data/ads.server";
import { getComparePageData } from "~/.server/data/listings/peptide-pages.server";
import { findPeptideSlugRedirect } from "~/.server/data/peptides.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import { AdSlot } from "~/components/ad-slot";
import { FailedLabSwitch } from "~/components/failed-lab-switch";
import {
  OFFER_SORT_OPTIONS,
  type OfferColumn,
  type OfferSortOption,
} from "~/components/offer-columns";
import { OfferTable } from "~/components/offer-table";
import { SizeLinks } from "~/components/size-links";
import { InStockSwitch, TestedOnlySwitch } from "~/components/offer-table-controls";
import { Button } from "~/components/ui/button";
import { OFFER_VIEW_PARAMS, revalidateUnlessOnly } from "~/lib/offer-view";

import type { Route } from "./+types/compare";
import { appOf } from "~/.server/platform/context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const url = new URL(request.url);
  const pricing = await getPricingContext(app, request);
  const [compare, ads] = await Promise.all([
    getComparePageData(
      app.db,
      { peptideSlug: url.searchParams.get("peptide"), sizeId: url.searchParams.get("size") },
      pricing,
    ),
    app.cache.get("ads:comparison_page", () => getActiveAdsByPlacement(app.db, "comparison_page")),
  ]);
  const asked = url.searchParams.get("peptide");
  if (asked && compare.selected?.slug !== asked) {
    // A renamed peptide's former slug (or another letter case) keeps its comparison link working.
    const currentSlug = await findPeptideSlugRedirect(app.db, asked);
    if (currentSlug) {
      url.searchParams.set("peptide", currentSlug);
      throw redirect(`/compare${url.search}`, 301);
    }
  }
  const canonical = new URL("/compare", app.baseUrl);
  if (compare.selected && url.searchParams.has("peptide"))
    canonical.searchParams.set("peptide", compare.selected.slug);
  return data(
    { ...compare, ads, canonicalUrl: canonical.toString() },
    { headers: publicPageHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Sorting and the stock switch only rearrange the offers already loaded. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return revalidateUnlessOnly(args, OFFER_VIEW_PARAMS);
}

export function meta({ data }: Route.MetaArgs) {
  const name = data?.selected?.name;
  return [
    {
      title: name
        ? `Compare ${name} prices · PeptidePrices`
        : "Compare peptide prices · PeptidePrices",
    },
    {
      name: "description",
      content: `Compare vendor prices${name ? ` for ${name}` : ""} side by side: coupons, price after coupon, purity, stock and vendor rating.`,
    },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
  ];
}

const COMPARE_COLUMNS: readonly OfferColumn[] = [
  "vendor",
  "price",
  "coupon",
  "afterCoupon",
  "shipping",
  "total",
  "stock",
  "rating",
];

const COMPARE_SORT_OPTIONS: OfferSortOption[] = [
  ...OFFER_SORT_OPTIONS,
  { column: "rating", direction: "desc", label: "Vendor rating: best first" },
];

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { peptides, selected, sizes, selectedSizeId, offers, ads } = loaderData;
  const submit = useSubmit();
  const [params] = useSearchParams();
  // A size link keeps the visitor's sort and stock switch.
  const hrefForSize = (sizeId: string) => {
    const next = new URLSearchParams(params);
    next.set("peptide", selected?.slug ?? "");
    next.set("size", sizeId);
    return `/compare?${next.toString()}`;
  };
  return (
    <main className="container mx-auto flex flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Compare Prices</h1>
        <p className="text-muted-foreground">
          Every vendor's price for one peptide and size, with coupons applied.
        </p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose a peptide">
        <label className="flex max-w-full min-w-0 flex-col gap-1 text-sm font-medium">
          Peptide
          <select
            name="peptide"
            defaultValue={selected?.slug}
            key={selected?.slug}
            onChange={(event) => submit(event.currentTarget.form)}
            className="h-9 w-full max-w-full min-w-56 rounded-md border bg-background px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {peptides.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="outline">
          Compare
        </Button>
      </Form>
      {selected ? (
        <>
          <SizeLinks
            label="Sizes"
            ariaCurrent="page"
            className="gap-2"
            items={sizes.map((size) => ({
              key: size.id,
              label: size.label,
              to: hrefForSize(size.id),
              current: size.id === selectedSizeId,
            }))}
          />
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <InStockSwitch />
            <TestedOnlySwitch />
            {/* As on the detail page: only where an offer shown failed a lab test. */}
            {offers.some((offer) => offer.labWarning !== null) ? <FailedLabSwitch /> : null}
          </div>
          <OfferTable
            key={`${selected.slug}-${selectedSizeId}`}
            offers={offers}
            columns={COMPARE_COLUMNS}
            details={["notes"]}
            sortOptions={COMPARE_SORT_OPTIONS}
            testId="compare-table"
            rowTestId="compare-row"
            empty="No vendor prices for this size yet."
          />
          <Link
            to={`/peptide/${selected.slug}`}
            className="w-fit max-w-full text-sm text-primary hover:underline"
          >
            Price history and details for {selected.name} →
          </Link>
        </>
      ) : (
        <p className="text-muted-foreground">No peptides yet.</p>
      )}
      <AdSlot ads={ads} />
    </main>
  );
}
