import { data, Link } from "react-router";

import { publicPageHeaders } from "~/.server/http/cache-headers.server";
import { getSearchResultPrices, searchCatalog } from "~/.server/data/search.server";
import { getPeptideSizeLabels } from "~/.server/data/stacks.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import { PEPTIDE_PLACEHOLDER_IMAGE } from "~/components/peptide-card";
import { AddToStackPicker } from "~/components/stack/add-to-stack-picker";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/format";
import { searchQuerySchema } from "~/lib/forms/search";
import { formatPack } from "~/lib/offer-view";
import { responsiveImage } from "~/lib/responsive-image";
import { categoryPath, RESULTS_LIMIT, vendorPath } from "~/lib/search";

import type { Route } from "./+types/search";
import type { SearchResultPrice } from "~/.server/data/search.server";
import { appOf } from "~/.server/infra/context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const query = searchQuerySchema.parse(new URL(request.url).searchParams.get("q"));
  const [result, pricing] = await Promise.all([
    searchCatalog(app.db, { query, limit: RESULTS_LIMIT }),
    getPricingContext(app, request),
  ]);
  const peptideIds = result.peptides.map((peptide) => peptide.id);
  const [stackSizes, prices] = await Promise.all([
    getPeptideSizeLabels(app.db, peptideIds),
    getSearchResultPrices(app.db, peptideIds, pricing),
  ]);
  return data({ query, ...result, stackSizes, prices }, { headers: publicPageHeaders(request) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ data }: Route.MetaArgs) {
  const title = data?.query
    ? `Search results for “${data.query}” · PeptidePrices`
    : "Search · PeptidePrices";
  // Result pages are endless variations of the catalogue: not for search engines' indexes.
  return [{ title }, { name: "robots", content: "noindex, follow" }];
}

function vendorCountText(count: number): string {
  if (count === 0) return "No vendor prices yet";
  return count === 1 ? "1 vendor" : `${count} vendors`;
}

/**
 * The result's lowest landed total (or, when that vendor does not state its shipping, its price
 * after coupon), the pack and vendor it is for, and how many vendors sell the peptide.
 */
function ResultPrice({ price }: { price: SearchResultPrice | undefined }) {
  const best = price?.best ?? null;
  const amount = best ? (best.total ?? best.priceAfterCoupon) : null;
  return (
    <span className="flex flex-col text-sm" data-testid="search-result-price">
      {best !== null && amount !== null ? (
        <span>
          {"From "}
          <span className="font-semibold">
            {`${best.converted ? "≈ " : ""}${formatPrice(amount, best.currency)}`}
          </span>
          {best.total !== null ? " incl. shipping" : " + shipping (not stated)"}
        </span>
      ) : price && price.vendorCount > 0 ? (
        <span className="text-muted-foreground">No offer to buy right now</span>
      ) : null}
      <span className="text-xs text-muted-foreground">
        {best ? `${formatPack(best.sizeLabel, best.vials)} at ${best.vendorName} · ` : ""}
        <span data-testid="search-result-vendors">{vendorCountText(price?.vendorCount ?? 0)}</span>
      </span>
    </span>
  );
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { query, peptides, categories, vendors, stackSizes, prices } = loaderData;
  const total = peptides.length + categories.length + vendors.length;
  return (
    <main className="container mx-auto flex flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">
          {query ? <>Search results for “{query}”</> : "Search"}
        </h1>
        {query ? (
          <p className="text-sm text-muted-foreground" role="status">
            {total === 0
              ? "Nothing matches. Check the spelling, or try another name for the peptide."
              : `${peptides.length} ${peptides.length === 1 ? "peptide" : "peptides"}${
                  peptides.length === RESULTS_LIMIT ? " (the best matches)" : ""
                }`}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Type a peptide name, another name it goes by, a word of its description, a category or a
            vendor in the search box above.
          </p>
        )}
      </div>

      {categories.length > 0 || vendors.length > 0 ? (
        <section aria-labelledby="search-browse-heading" className="flex flex-col gap-2">
          <h2 id="search-browse-heading" className="text-sm font-medium text-muted-foreground">
            Categories and vendors
          </h2>
          <ul className="flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={`category:${category.slug}`}>
                <Badge asChild variant="secondary">
                  <Link to={categoryPath(category.slug ?? "")}>Category: {category.name}</Link>
                </Badge>
              </li>
            ))}
            {vendors.map((vendor) => (
              <li key={`vendor:${vendor.name}`}>
                <Badge asChild variant="outline">
                  <Link to={vendorPath(vendor.name)}>Vendor: {vendor.name}</Link>
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {peptides.length > 0 ? (
        <ul aria-label="Peptides" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {peptides.map((peptide) => (
            <li key={peptide.id} className="flex flex-col gap-2">
              <Link
                to={`/peptide/${peptide.slug}`}
                prefetch="intent"
                data-testid="search-result"
                className="flex h-full gap-3 rounded-lg border p-3 hover:bg-accent"
              >
                <img
                  {...responsiveImage(peptide.imageUrl || PEPTIDE_PLACEHOLDER_IMAGE, "96px")}
                  alt=""
                  width={96}
                  height={72}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-24 shrink-0 rounded object-cover"
                />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="font-medium">{peptide.name}</span>
                  {peptide.matchedAlias ? (
                    <span className="text-xs text-muted-foreground">
                      Also known as {peptide.matchedAlias}
                    </span>
                  ) : null}
                  {peptide.categoryName ? (
                    <span className="text-xs text-muted-foreground">{peptide.categoryName}</span>
                  ) : null}
                  <ResultPrice price={prices[peptide.id]} />
                  {peptide.description ? (
                    <span className="line-clamp-2 text-sm text-muted-foreground">
                      {peptide.description}
                    </span>
                  ) : null}
                </span>
              </Link>
              <AddToStackPicker
                peptide={peptide.slug}
                peptideName={peptide.name}
                sizes={stackSizes[peptide.id] ?? []}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {query && total === 0 ? (
        <div>
          <Button asChild variant="outline">
            <Link to="/catalog">Browse the full catalog</Link>
          </Button>
        </div>
      ) : null}
    </main>
  );
}
