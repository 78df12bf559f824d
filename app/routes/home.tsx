import { data, Link, useNavigation } from "react-router";

import { getActiveAdsByPlacement } from "~/.server/data/ads.server";
import { getEnabledCategoryFilters } from "~/.server/data/category-filters.server";
import { getHeroContent } from "~/.server/data/hero.server";
import { getHomePageData } from "~/.server/data/listings/home.server";
import { publicPageHeaders } from "~/.server/platform/http/cache-headers.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import { AdCard } from "~/components/ad-slot";
import { CategoryBar } from "~/components/category-bar";
import { FeaturedPeptides } from "~/components/featured-peptides";
import { HeroBanner } from "~/components/hero-banner";
import { HomeFilters, HomeSortControl } from "~/components/home-filters";
import { PEPTIDE_GRID_CLASS, PeptideCard, PeptideGridSkeleton } from "~/components/peptide-card";
import { Button } from "~/components/ui/button";
import { PaginationControls } from "~/components/ui/pagination-controls";
import { parseHomeFilters, parseHomeSort } from "~/lib/home-filters";
import { parsePage } from "~/lib/table-query";
import { SITE_FEED_PATH } from "~/lib/price-drop-feed";

import type { Route } from "./+types/home";
import { appOf } from "~/.server/platform/context.server";

/** Ads sit after the first two rows of cards, where they interrupt least. */
const CARDS_BEFORE_ADS = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const url = new URL(request.url);
  const category = url.searchParams.get("category")?.trim() || null;
  const page = parsePage(url.searchParams.get("page"));
  const filters = parseHomeFilters(url.searchParams);
  const sort = parseHomeSort(url.searchParams.get("sort"));
  const pricing = await getPricingContext(app, request);
  const [listing, hero, filterDefinitions, ads] = await Promise.all([
    getHomePageData(app.db, {
      categorySlug: category,
      page,
      filters,
      sort,
      pricing,
      cache: app.cache,
    }),
    app.cache.get("hero", () => getHeroContent(app.db)),
    app.cache.get("category-filters", () => getEnabledCategoryFilters(app.db)),
    app.cache.get("ads:homepage", () => getActiveAdsByPlacement(app.db, "homepage")),
  ]);
  const unknownCategory = category !== null && !listing.categories.some((c) => c.slug === category);
  if (unknownCategory || (page > 1 && listing.peptides.length === 0)) {
    throw data(null, { status: 404, headers: publicPageHeaders(request) });
  }
  const canonical = new URL("/", app.baseUrl);
  if (category) canonical.searchParams.set("category", category);
  if (page > 1) canonical.searchParams.set("page", String(page));
  return data(
    {
      ...listing,
      hero,
      filterDefinitions,
      ads,
      category,
      filters,
      sort,
      search: url.search,
      canonicalUrl: canonical.toString(),
      categoryName: listing.categories.find((c) => c.slug === category)?.name ?? null,
    },
    { headers: publicPageHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ data }: Route.MetaArgs) {
  const title = data?.categoryName
    ? `${data.categoryName} peptides · PeptidePrices`
    : "PeptidePrices · Compare research peptide prices with coupons applied";
  return [
    { title },
    {
      name: "description",
      content:
        "Compare what research-peptide vendors charge per vial size, with every vendor's coupon applied and prices checked daily.",
    },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: "PeptidePrices: price drops",
      href: SITE_FEED_PATH,
    },
  ];
}

/** The current query string with some parameters replaced; paging restarts whenever filters change. */
function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  if (!("page" in changes)) params.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `/?${query}` : "/";
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { peptides, ads, search } = loaderData;
  const loadingListing = navigation.state === "loading" && navigation.location.pathname === "/";
  const clearHref = loaderData.category ? withParams("", { category: loaderData.category }) : "/";

  return (
    <main className="flex flex-col">
      <HeroBanner hero={loaderData.hero} />
      <div className="container mx-auto flex flex-col gap-10 px-4 py-8">
        <FeaturedPeptides slots={loaderData.featured} />
        <section aria-labelledby="peptides-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="peptides-heading" className="text-2xl font-semibold tracking-tight">
              {loaderData.categoryName ?? "All Peptides"}
            </h2>
            <p className="text-sm text-muted-foreground tabular-nums">
              {loaderData.total} {loaderData.total === 1 ? "peptide" : "peptides"}
            </p>
          </div>
          <CategoryBar
            categories={loaderData.categories}
            active={loaderData.category}
            hrefFor={(slug) => withParams(search, { category: slug })}
          />
          <HomeSortControl key={`sort-${search}`} sort={loaderData.sort} search={search} />
          <HomeFilters
            key={search}
            filters={loaderData.filterDefinitions}
            values={loaderData.filters}
            options={loaderData.filterOptions}
            category={loaderData.category}
            sort={loaderData.sort}
            clearHref={clearHref}
          />
          {loadingListing ? (
            <PeptideGridSkeleton count={Math.max(4, Math.min(peptides.length, 12))} />
          ) : peptides.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-16 text-center">
              <p className="text-muted-foreground">No peptides found with the current filters.</p>
              <Button asChild variant="outline">
                <Link to="/">Clear Filters</Link>
              </Button>
            </div>
          ) : (
            <div className={PEPTIDE_GRID_CLASS} data-testid="peptide-grid">
              {peptides.slice(0, CARDS_BEFORE_ADS).map((peptide) => (
                <PeptideCard key={peptide.id} peptide={peptide} />
              ))}
              {ads.map((ad) => (
                <AdCard key={ad.id} ad={ad} />
              ))}
              {peptides.slice(CARDS_BEFORE_ADS).map((peptide) => (
                <PeptideCard key={peptide.id} peptide={peptide} />
              ))}
            </div>
          )}
          {peptides.length === 0 && ads.length > 0 ? (
            <div className={PEPTIDE_GRID_CLASS}>
              {ads.map((ad) => (
                <AdCard key={ad.id} ad={ad} />
              ))}
            </div>
          ) : null}
          {loaderData.pageCount > 1 ? (
            <PaginationControls
              page={loaderData.page}
              pageCount={loaderData.pageCount}
              hrefForPage={(p) => withParams(search, { page: p === 1 ? null : String(p) })}
              label="Peptide pages"
            />
          ) : null}
        </section>
      </div>
    </main>
  );
}
