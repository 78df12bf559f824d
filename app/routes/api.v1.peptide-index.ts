import { getMarketIndex } from "~/.server/services/market-index.server";
import {
  apiError,
  apiJson,
  findApiPeptide,
  getOpenDataPricing,
  openDataHeaders,
  peptidePageUrl,
} from "~/.server/services/open-data.server";
import { marketIndexCsv } from "~/lib/market-index";
import {
  checkCurrency,
  describeIssues,
  marketIndexQuerySchema,
  queryParams,
} from "~/lib/open-data";

import type { Route } from "./+types/api.v1.peptide-index";
import { appOf } from "~/.server/platform/context.server";
import type { ApiMarketIndex } from "~/lib/open-data-schemas";

/**
 * GET /api/v1/peptides/{slug}/index?size=&days=&currency=&format=: the daily market price
 * index of one size (median and quartiles of the landed price per mg), as JSON or CSV.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const url = new URL(request.url);
  const query = marketIndexQuerySchema.safeParse(
    queryParams(url, ["size", "days", "currency", "shipTo", "format"]),
  );
  if (!query.success) return apiError(request, 400, describeIssues(query.error));
  const { size, days, currency, shipTo, format } = query.data;

  const [pricing, peptide] = await Promise.all([
    getOpenDataPricing(app.db, currency, shipTo),
    findApiPeptide(app.db, request, params.slug, "index"),
  ]);
  const unknownCurrency = checkCurrency(currency, pricing.rates);
  if (unknownCurrency) return apiError(request, 400, unknownCurrency);
  if (peptide instanceof Response) return peptide;

  const result = await getMarketIndex(app.db, peptide.id, { size, days }, pricing);
  if (!result.ok) {
    return apiError(
      request,
      400,
      result.reason === "unknown_size"
        ? `size: ${peptide.name} has no size "${size}"`
        : `size: ${size ?? "this size"} has no milligram equivalent, so it has no price per mg`,
    );
  }
  const { index } = result;
  if (format === "csv") {
    const headers = openDataHeaders(request, "text/csv; charset=utf-8");
    const name = `${peptide.slug}-${(index.size ?? "index").replace(/[^A-Za-z0-9.]+/g, "")}-market-index.csv`;
    headers.set("Content-Disposition", `attachment; filename="${name}"`);
    return new Response(marketIndexCsv(index.points), { headers });
  }
  return apiJson(request, {
    peptide: {
      slug: peptide.slug,
      name: peptide.name,
      url: peptidePageUrl(peptide.slug, app.baseUrl),
    },
    size: index.size,
    currency,
    unit: "mg",
    points: index.points,
  } satisfies ApiMarketIndex);
}
