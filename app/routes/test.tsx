import { data } from "react-router";

import { getDiagnostics } from "~/.server/data/listings/catalogue.server";
import { formatLastScraped } from "~/lib/format";

import { version } from "../../package.json";
import type { Route } from "./+types/test";
import { appOf } from "~/.server/platform/context.server";

export async function loader({ context }: Route.LoaderArgs) {
  const app = appOf(context);
  const diagnostics = await getDiagnostics(app.db);
  return data(
    {
      version,
      databaseKind: app.database.kind,
      ...diagnostics,
      canonicalUrl: new URL("/test", app.baseUrl).toString(),
    },
    // Diagnostics must be live: never served from a cache.
    { headers: { "Cache-Control": "no-store", Vary: "Cookie" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: "Diagnostics · PeptidePrices" },
    {
      name: "description",
      content: "Version, database and catalogue counts of this PeptidePrices instance.",
    },
    { name: "robots", content: "noindex" },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
  ];
}

export default function Diagnostics({ loaderData }: Route.ComponentProps) {
  const rows: [string, string][] = [
    ["App version", loaderData.version],
    ["Database", loaderData.databaseKind === "pglite" ? "pglite (embedded)" : "postgres"],
    ["Peptides", String(loaderData.peptides)],
    ["Vendors", String(loaderData.vendors)],
    ["Prices", String(loaderData.prices)],
    [
      "Last scrape run",
      loaderData.lastScrapeRun ? formatLastScraped(loaderData.lastScrapeRun) : "Never",
    ],
  ];
  return (
    <main className="container mx-auto flex max-w-xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Diagnostics</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border p-4 text-sm tabular-nums">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium" data-testid={label.toLowerCase().replace(/\s+/g, "-")}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
