import { getSitemapEntries } from "~/.server/data/listings/catalogue.server";
import { getVendorSitemapEntries } from "~/.server/data/vendor-profile.server";

import type { Route } from "./+types/sitemap.xml";
import { appOf } from "~/.server/platform/context.server";

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );
}

/** The latest lastModified of these entries (ISO strings compare in time order); "" for none. */
function newestOf(entries: { lastModified: string }[]): string {
  return entries.reduce((latest, e) => (e.lastModified > latest ? e.lastModified : latest), "");
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = appOf(context);
  const [entries, vendorEntries] = await Promise.all([
    getSitemapEntries(app.db),
    getVendorSitemapEntries(app.db),
  ]);
  const newest = newestOf(entries);
  const newestVendor = newestOf(vendorEntries);
  const url = (path: string, lastModified: string | null) =>
    `  <url><loc>${escapeXml(new URL(path, app.baseUrl).toString())}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url("/", newest || null),
    url("/compare", newest || null),
    url("/catalog", newest || null),
    url("/vendors", newestVendor || null),
    ...entries.map((e) => url(`/peptide/${encodeURIComponent(e.slug)}`, e.lastModified)),
    ...vendorEntries.map((e) => url(`/vendor/${encodeURIComponent(e.slug)}`, e.lastModified)),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600, s-maxage=3600",
    },
  });
}
