import { getOpenDataSizes } from "~/.server/data/open-data.server";
import {
  apiError,
  apiJson,
  apiOffers,
  findApiPeptide,
  getOpenDataPricing,
  peptidePageUrl,
} from "~/.server/services/open-data.server";
import { checkCurrency, currencyQuerySchema, describeIssues, queryParams } from "~/lib/open-data";

import type { Route } from "./+types/api.v1.peptide-offers";
import { appOf } from "~/.server/platform/context.server";
import type { ApiOfferList } from "~/lib/open-data-schemas";

/** GET /api/v1/peptides/{slug}/offers?currency=&shipTo=: four queries. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const url = new URL(request.url);
  const query = currencyQuerySchema.safeParse(queryParams(url, ["currency", "shipTo"]));
  if (!query.success) return apiError(request, 400, describeIssues(query.error));
  const { currency, shipTo } = query.data;

  const [pricing, peptide] = await Promise.all([
    getOpenDataPricing(app.db, currency, shipTo),
    findApiPeptide(app.db, request, params.slug, "offers"),
  ]);
  const unknownCurrency = checkCurrency(currency, pricing.rates);
  if (unknownCurrency) return apiError(request, 400, unknownCurrency);
  if (peptide instanceof Response) return peptide;

  const sizes = await getOpenDataSizes(app.db, [peptide.id], pricing);
  return apiJson(request, {
    peptide: {
      slug: peptide.slug,
      name: peptide.name,
      url: peptidePageUrl(peptide.slug, app.baseUrl),
    },
    currency,
    data: apiOffers(sizes, pricing),
  } satisfies ApiOfferList);
}
