import { data, Link } from "react-router";

import { publicPageHeaders } from "~/.server/platform/http/cache-headers.server";
import { getActiveAdsByPlacement } from "~/.server/data/ads.server";
import { getCatalogue } from "~/.server/data/listings/catalogue.server";
import { AdSlot } from "~/components/ad-slot";

import type { Route } from "./+types/catalog";
import { appOf } from "~/.server/platform/context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const [sections, ads] = await Promise.all([
    getCatalogue(app.db),
    app.cache.get("ads:category_page", () => getActiveAdsByPlacement(app.db, "category_page")),
  ]);
  return data(
    { sections, ads, canonicalUrl: new URL("/catalog", app.baseUrl).toString() },
    { headers: publicPageHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: "Catalogue of research peptides · PeptidePrices" },
    {
      name: "description",
      content:
        "Every peptide on PeptidePrices, by category, with links to their price comparisons.",
    },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
  ];
}

export default function CataloguePage({ loaderData }: Route.ComponentProps) {
  const { sections, ads } = loaderData;
  return (
    <main className="container mx-auto flex flex-col gap-8 px-4 py-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Catalogue</h1>
        <p className="text-muted-foreground">All categories and the peptides in them.</p>
      </div>
      <AdSlot ads={ads} />
      {sections.length === 0 ? <p className="text-muted-foreground">No peptides yet.</p> : null}
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((section) => (
          <section
            key={section.slug ?? "uncategorised"}
            aria-labelledby={`category-${section.slug ?? "none"}`}
            className="flex flex-col gap-2 rounded-xl border p-4"
          >
            <h2 id={`category-${section.slug ?? "none"}`} className="text-lg font-semibold">
              {section.slug ? (
                <Link to={`/?category=${section.slug}`} className="hover:underline">
                  {section.name}
                </Link>
              ) : (
                section.name
              )}
            </h2>
            {section.description ? (
              <p className="text-sm text-muted-foreground">{section.description}</p>
            ) : null}
            {section.peptides.length > 0 ? (
              <ul className="flex flex-col gap-1">
                {section.peptides.map((p) => (
                  <li key={p.slug}>
                    <Link to={`/peptide/${p.slug}`} className="text-primary hover:underline">
                      {p.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No peptides in this category yet.</p>
            )}
          </section>
        ))}
      </div>
    </main>
  );
}
