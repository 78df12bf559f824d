import { getOpenDataPeptidePage, getOpenDataSizes } from "~/.server/data/open-data.server";
import {
  apiError,
  apiJson,
  apiPeptide,
  getOpenDataPricing,
} from "~/.server/services/open-data.server";
import {
  checkCurrency,
  describeIssues,
  linkHeader,
  pageLinks,
  peptideListQuerySchema,
  queryParams,
} from "~/lib/open-data";

import type { Route } from "./+types/api.v1.peptides";
import { appOf } from "~/.server/platform/context.server";
import type { ApiPeptideList } from "~/lib/open-data-schemas";

/** GET /api/v1/peptides?page=&perPage=&currency=&shipTo=: five queries whatever the page size. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const url = new URL(request.url);
  const query = peptideListQuerySchema.safeParse(
    queryParams(url, ["page", "perPage", "currency", "shipTo"]),
  );
  if (!query.success) return apiError(request, 400, describeIssues(query.error));
  const { page, perPage, currency, shipTo } = query.data;

  const [pricing, list] = await Promise.all([
    getOpenDataPricing(app.db, currency, shipTo),
    getOpenDataPeptidePage(app.db, { page, perPage }),
  ]);
  const unknownCurrency = checkCurrency(currency, pricing.rates);
  if (unknownCurrency) return apiError(request, 400, unknownCurrency);

  const sizes = await getOpenDataSizes(
    app.db,
    list.peptides.map((peptide) => peptide.id),
    pricing,
  );
  const links = pageLinks(url, app.baseUrl, { page, perPage, total: list.total });
  return apiJson(
    request,
    {
      data: list.peptides.map((peptide) => apiPeptide(peptide, sizes, app.baseUrl, pricing)),
      page,
      perPage,
      total: list.total,
      pageCount: Math.max(1, Math.ceil(list.total / perPage)),
      currency,
      links,
    } satisfies ApiPeptideList,
    { headers: { Link: linkHeader(links) } },
  );
}
