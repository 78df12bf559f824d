import { data, Link } from "react-router";

import { publicPageHeaders } from "~/.server/platform/http/cache-headers.server";
import { getSearchResultRows, searchCatalogue } from "~/.server/data/search.server";
import { getPeptideSizeLabels } from "~/.server/data/stacks.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import type { OfferColumn } from "~/components/offer-columns";
import { OfferTable } from "~/components/offer-table";
import { AddToStackPicker } from "~/components/stack/add-to-stack-picker";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { searchQuerySchema } from "~/lib/forms/search";
import { categoryPath, RESULTS_LIMIT, vendorPath } from "~/lib/search";

import type { Route } from "./+types/search";
import { appOf } from "~/.server/platform/context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const query = searchQuerySchema.parse(new URL(request.url).searchParams.get("q"));
  const [result, pricing] = await Promise.all([
    searchCatalogue(app.db, { query, limit: RESULTS_LIMIT }),
    getPricingContext(app, request),
  ]);
  const [stackSizes, rows] = await Promise.all([
    getPeptideSizeLabels(
      app.db,
      result.peptides.map((peptide) => peptide.id),
    ),
    getSearchResultRows(app.db, result.peptides, pricing),
  ]);
  return data(
    {
      query,
      peptideCount: result.peptides.length,
      categories: result.categories,
      vendors: result.vendors,
      stackSizes,
      rows,
    },
    { headers: publicPageHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ data }: Route.MetaArgs) {
  const title = data?.query
    ? `Search results for “${data.query}” · PeptidePrices`
    : "Search · PeptidePrices";
  // Result pages are endless variations of the catalogue: not for search engines' indexes.
  return [{ title }, { name: "robots", content: "noindex, follow" }];
}

/** The search page's offer table: which peptide, its best pack and vendor, the price, how many sell it. */
const SEARCH_COLUMNS: readonly OfferColumn[] = ["peptide", "size", "vendor", "total", "vendors"];

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { query, peptideCount, categories, vendors, stackSizes, rows } = loaderData;
  const total = peptideCount + categories.length + vendors.length;
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
              : `${peptideCount} ${peptideCount === 1 ? "peptide" : "peptides"}${
                  peptideCount === RESULTS_LIMIT ? " (the best matches)" : ""
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

      {peptideCount > 0 ? (
        <section aria-label="Peptides">
          <OfferTable
            offers={rows.offers}
            offerless={rows.offerless}
            columns={SEARCH_COLUMNS}
            sortable={false}
            badges={false}
            rowActions={(row) => (
              <AddToStackPicker
                peptide={row.peptideSlug}
                peptideName={row.peptideName}
                sizes={stackSizes[row.peptideId] ?? []}
                chosen={row.askedSize ?? null}
              />
            )}
            testId="search-results"
            rowTestId="search-result"
            empty="No peptide matches."
          />
        </section>
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
