import { getOpenDataPeptide } from "~/.server/data/open-data.server";
import { findPeptideSlugRedirect } from "~/.server/data/peptides.server";
import { getPriceDrops } from "~/.server/data/price-drops.server";
import { getOpenDataPricing, openDataHeaders } from "~/.server/services/open-data.server";
import { ATOM_CONTENT_TYPE } from "~/lib/atom";
import { slugParamSchema } from "~/lib/open-data";
import { buildPeptidePriceDropFeed, peptideFeedPath } from "~/lib/price-drop-feed";

import type { Route } from "./+types/feeds.peptide-price-drops";
import { appOf } from "~/.server/platform/context.server";

/** One peptide's newest price drops, as Atom: four small queries. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const slug = slugParamSchema.safeParse(params.slug);
  const peptide = slug.success ? await getOpenDataPeptide(app.db, slug.data) : null;
  if (!peptide) {
    const currentSlug = slug.success ? await findPeptideSlugRedirect(app.db, slug.data) : null;
    if (currentSlug && currentSlug !== slug.data) {
      return new Response(null, {
        status: 301,
        headers: { Location: peptideFeedPath(currentSlug) },
      });
    }
    return new Response("No peptide has this slug", {
      status: 404,
      headers: openDataHeaders(request, "text/plain; charset=utf-8"),
    });
  }
  const drops = await getPriceDrops(app.db, {
    peptideId: peptide.id,
    pricing: await getOpenDataPricing(app.db),
  });
  const body = buildPeptidePriceDropFeed({
    baseUrl: app.baseUrl,
    peptide,
    drops,
    fallbackUpdated: new Date(),
  });
  return new Response(body, { headers: openDataHeaders(request, ATOM_CONTENT_TYPE) });
}
