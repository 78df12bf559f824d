import { ArrowLeft } from "lucide-react";
import {
  data,
  Link,
  redirect,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";

import { publicPageHeaders } from "~/.server/platform/http/cache-headers.server";
import { getPeptidePageData } from "~/.server/data/listings/peptide-pages.server";
import { findPeptideSlugRedirect } from "~/.server/data/peptides.server";
import { getMarketChart } from "~/.server/services/market-index.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import { PriceAlertPanel } from "~/components/alerts/price-alert-panel";
import { LabTestsSection } from "~/components/lab-tests-section";
import type { OfferColumn } from "~/components/offer-columns";
import { OfferTable } from "~/components/offer-table";
import { FailedLabSwitch } from "~/components/failed-lab-switch";
import { InStockSwitch, TestedOnlySwitch } from "~/components/offer-table-controls";
import { HistoryChartSwitch, MarketIndexChart } from "~/components/market-index-chart";
import { PriceHistoryChart } from "~/components/price-history-chart";
import { SizeLinks } from "~/components/size-links";
import { KeyBenefits, RecommendedPeptides } from "~/components/peptide-extras";
import { AddToStackButton } from "~/components/stack/add-to-stack-button";
import { AddToStackPicker } from "~/components/stack/add-to-stack-picker";
import { Badge } from "~/components/ui/badge";
import { DetailPageErrorBoundary } from "~/components/error-boundary";
import { jsonForScript, priceSummary, productDescription, productJsonLd } from "~/lib/json-ld";
import { HISTORY_CHART_PARAM, MARKET_CHART } from "~/lib/market-index";
import { OFFER_VIEW_PARAMS, revalidateUnlessOnly } from "~/lib/offer-view";
import { peptideFeedPath } from "~/lib/price-drop-feed";
import { peptideImageProps } from "~/lib/peptide-image";
import { IMAGE_SIZES, PLACEHOLDER_IMAGE } from "~/lib/responsive-image";
import {
  buildHistorySeries,
  HISTORY_RANGE_PARAM,
  HISTORY_TABLE_PARAM,
  parseHistoryRange,
} from "~/lib/price-history";

import type { Route } from "./+types/peptide";
import { appOf } from "~/.server/platform/context.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const pricing = await getPricingContext(app, request);
  const { searchParams } = new URL(request.url);
  const historyRange = parseHistoryRange(searchParams.get(HISTORY_RANGE_PARAM));
  // Side by side: a former slug is rare, and a page read for nothing costs less than a round trip.
  const [currentSlug, page] = await Promise.all([
    findPeptideSlugRedirect(app.db, params.slug),
    getPeptidePageData(app.db, params.slug, pricing, historyRange),
  ]);
  if (currentSlug) {
    throw redirect(`/peptide/${currentSlug}${new URL(request.url).search}`, 301);
  }
  if (!page) {
    throw data("Peptide not found", { status: 404, headers: publicPageHeaders(request) });
  }
  // Only asked for: the market chart costs three more queries.
  const market =
    searchParams.get(HISTORY_CHART_PARAM) === MARKET_CHART
      ? await getMarketChart(
          app.db,
          page.peptide,
          chartSizeLabel(page.sizes, searchParams.get(SIZE_PARAM)),
          historyRange,
          pricing,
        )
      : null;
  const canonicalUrl = new URL(`/peptide/${page.peptide.slug}`, app.baseUrl).toString();
  return data(
    {
      ...page,
      history: buildHistorySeries(page.offers, page.history.offers, historyRange, pricing),
      historyBucket: page.history.bucket,
      historyRange,
      market,
      displayCurrency: pricing.displayCurrency,
      priceSummary: priceSummary(page.offers, pricing),
      canonicalUrl,
      // Shared links and search results want a raster image: the bundled one stands in.
      imageUrl: new URL(page.peptide.imageUrl ?? PLACEHOLDER_IMAGE, app.baseUrl).toString(),
      now: new Date().toISOString(),
    },
    { headers: publicPageHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

/** The size shown, as its label in the URL (?size=10mg); the sort and stock switch beside it. */
const SIZE_PARAM = "size";

/** The size the history charts show: the one chosen, or the first ("All" shows every size). */
function chartSizeLabel(sizes: { label: string }[], chosen: string | null): string | null {
  return sizes.find((size) => size.label === chosen)?.label ?? sizes[0]?.label ?? null;
}

/**
 * Choosing a size, a sort or the stock switch only rearranges offers already loaded; opening
 * the history table shows points already loaded. The market chart is the one size's, so a
 * size chosen while it shows is loaded.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const marketShown = args.nextUrl.searchParams.get(HISTORY_CHART_PARAM) === MARKET_CHART;
  return revalidateUnlessOnly(args, [
    ...(marketShown ? [] : [SIZE_PARAM]),
    HISTORY_TABLE_PARAM,
    ...OFFER_VIEW_PARAMS,
  ]);
}

export function meta({ data, error }: Route.MetaArgs) {
  if (!data || error) {
    return [{ title: "Peptide not found · PeptidePrices" }, { name: "robots", content: "noindex" }];
  }
  const { peptide } = data;
  const description = productDescription(peptide, data.priceSummary);
  return [
    { title: `${peptide.name} prices · PeptidePrices` },
    { name: "description", content: description.slice(0, 300) },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    { property: "og:title", content: `${peptide.name} prices` },
    { property: "og:type", content: "product" },
    { property: "og:url", content: data.canonicalUrl },
    { property: "og:image", content: data.imageUrl },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: `${peptide.name} price drops`,
      href: peptideFeedPath(peptide.slug),
    },
  ];
}

/**
 * The price table's columns; purity and source fold into each row's "Details" so it fits 1366 px.
 * Per verified mg has its own sortable column here (under per mg on the other tables).
 */
const DETAIL_COLUMNS: readonly OfferColumn[] = [
  "vendor",
  "size",
  "price",
  "coupon",
  "afterCoupon",
  "perMg",
  "perVerifiedMg",
  "shipping",
  "total",
  "stock",
];

export default function PeptideDetail({ loaderData }: Route.ComponentProps) {
  const { peptide, sizes, offers, history, recommended, market } = loaderData;
  const [params] = useSearchParams();
  const sizeId = sizes.find((s) => s.label === params.get(SIZE_PARAM))?.id ?? null;
  const navigation = useNavigation();
  const hrefForSize = (label: string | null) => {
    const next = new URLSearchParams(params);
    if (label === null) next.delete(SIZE_PARAM);
    else next.set(SIZE_PARAM, label);
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  const shown = sizeId === null ? offers : offers.filter((o) => o.sizeId === sizeId);
  const chartSizeId = sizeId ?? sizes[0]?.id ?? null;
  const chartOfferIds = new Set(offers.filter((o) => o.sizeId === chartSizeId).map((o) => o.id));
  const series = history.filter((s) => chartOfferIds.has(s.id));
  const chartSize = sizes.find((s) => s.id === chartSizeId);

  return (
    <main className="container mx-auto flex flex-col gap-8 px-4 py-8">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(loaderData)) }}
      />
      {navigation.state === "loading" ? (
        <p
          role="status"
          className="fixed top-2 left-1/2 z-40 -translate-x-1/2 rounded-md border bg-background px-3 py-1 text-sm shadow"
        >
          Loading...
        </p>
      ) : null}
      <Link
        to="/"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> All peptides
      </Link>
      <section className="grid gap-6 md:grid-cols-[minmax(0,320px)_1fr]">
        <img
          {...peptideImageProps(peptide.imageUrl, IMAGE_SIZES.detail, 640)}
          alt={peptide.name}
          // The page's largest paint on a phone: fetched before the scripts.
          fetchPriority="high"
          className="peptide-image aspect-[4/3] w-full rounded-xl border bg-muted"
        />
        <div className="flex flex-col gap-3">
          {peptide.categoryName ? (
            <Badge asChild variant="secondary">
              <Link to={`/?category=${peptide.categorySlug}`}>{peptide.categoryName}</Link>
            </Badge>
          ) : null}
          <h1 className="text-3xl font-bold tracking-tight">{peptide.name}</h1>
          {peptide.description ? (
            <p className="max-w-prose text-muted-foreground">{peptide.description}</p>
          ) : null}
          {sizeId === null && sizes.length > 1 ? (
            // "All" sizes: which size goes into the stack is the visitor's choice, not the first's.
            <AddToStackPicker
              peptide={peptide.slug}
              peptideName={peptide.name}
              sizes={sizes.map((size) => size.label)}
            />
          ) : chartSize ? (
            <div>
              <AddToStackButton
                peptide={peptide.slug}
                peptideName={peptide.name}
                size={chartSize.label}
              />
            </div>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="prices-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="prices-heading" className="text-xl font-semibold">
            Price comparison
          </h2>
          <SizeLinks
            label="Size"
            className="gap-1.5"
            items={[{ id: null as string | null, label: "All" }, ...sizes].map((size) => ({
              key: size.id ?? "all",
              label: size.label,
              to: hrefForSize(size.id === null ? null : size.label),
              current: size.id === sizeId,
            }))}
          />
        </div>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <InStockSwitch />
          <TestedOnlySwitch />
          {/* Only where it changes something: an offer of this peptide failed a lab test. */}
          {offers.some((offer) => offer.labWarning !== null) ? <FailedLabSwitch /> : null}
        </div>
        <OfferTable
          offers={shown}
          columns={DETAIL_COLUMNS}
          groupSizes
          testId="price-table"
          rowTestId="price-row"
          empty="No vendor prices yet."
        />
        <PriceAlertPanel
          peptideSlug={peptide.slug}
          sizes={sizes}
          offers={offers}
          selectedSizeId={sizeId}
        />
      </section>

      <LabTestsSection
        tests={loaderData.labTests}
        replies={loaderData.labReplies}
        subject="peptide"
      />

      <section aria-labelledby="history-heading" className="flex flex-col gap-3">
        <h2 id="history-heading" className="text-xl font-semibold">
          Price history{chartSize ? ` · ${chartSize.label}` : ""}
        </h2>
        <HistoryChartSwitch market={market !== null} />
        {market ? (
          <MarketIndexChart
            market={market}
            offers={offers}
            range={loaderData.historyRange}
            currency={loaderData.displayCurrency}
            subject={`${peptide.name}${market.size ? ` ${market.size}` : ""}`}
          />
        ) : (
          <PriceHistoryChart
            series={series}
            range={loaderData.historyRange}
            bucket={loaderData.historyBucket}
            currency={loaderData.displayCurrency}
            now={loaderData.now}
            subject={`${peptide.name}${chartSize ? ` ${chartSize.label}` : ""}`}
          />
        )}
      </section>

      <div className="grid gap-8 md:grid-cols-2">
        <KeyBenefits benefits={peptide.keyBenefits} />
        <RecommendedPeptides items={recommended} />
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DetailPageErrorBoundary error={error} subject="peptide" />;
}
