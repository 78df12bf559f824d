import { getOpenDataPeptide, getOpenDataSizes } from "~/.server/data/open-data.server";
import { findPeptideSlugRedirect } from "~/.server/data/peptides.server";
import {
  apiError,
  apiJson,
  apiOffers,
  getOpenDataPricing,
  peptidePageUrl,
} from "~/.server/open-data.server";
import {
  API_PREFIX,
  checkCurrency,
  currencyQuerySchema,
  describeIssues,
  queryParams,
  slugParamSchema,
} from "~/lib/open-data";

import type { Route } from "./+types/api.v1.peptide-offers";
import { appOf } from "~/.server/context.server";

/** GET /api/v1/peptides/{slug}/offers?currency=&shipTo=: four queries. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const url = new URL(request.url);
  const query = currencyQuerySchema.safeParse(queryParams(url, ["currency", "shipTo"]));
  if (!query.success) return apiError(request, 400, describeIssues(query.error));
  const { currency, shipTo } = query.data;

  const slug = slugParamSchema.safeParse(params.slug);
  const [pricing, peptide] = await Promise.all([
    getOpenDataPricing(app.db, currency, shipTo),
    slug.success ? getOpenDataPeptide(app.db, slug.data) : null,
  ]);
  const unknownCurrency = checkCurrency(currency, pricing.rates);
  if (unknownCurrency) return apiError(request, 400, unknownCurrency);
  if (!peptide) {
    const currentSlug = slug.success ? await findPeptideSlugRedirect(app.db, slug.data) : null;
    if (currentSlug && currentSlug !== slug.data) {
      return new Response(null, {
        status: 301,
        headers: {
          Location: `${API_PREFIX}/peptides/${encodeURIComponent(currentSlug)}/offers${url.search}`,
          "Access-Control-Allow-Origin": "*",
        },
      });
    }
    return apiError(request, 404, `No peptide has the slug "${params.slug.slice(0, 100)}"`);
  }

  const sizes = await getOpenDataSizes(app.db, [peptide.id], pricing);
  return apiJson(request, {
    peptide: {
      slug: peptide.slug,
      name: peptide.name,
      url: peptidePageUrl(peptide.slug, app.baseUrl),
    },
    currency,
    data: apiOffers(sizes, pricing),
  });
}
