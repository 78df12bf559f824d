import { data } from "react-router";

import { publicPageHeaders } from "~/.server/platform/http/cache-headers.server";
import { appOf } from "~/.server/platform/context.server";
import { getVendorDirectory } from "~/.server/data/vendors.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import { VendorDirectoryList } from "~/components/vendor-directory";
import { parseVendorSort } from "~/lib/forms/vendor-directory";
import { countryName } from "~/lib/vendor-directory";

import type { Route } from "./+types/vendors";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const sort = parseVendorSort(new URL(request.url).searchParams);
  const directory = await getVendorDirectory(app.db, await getPricingContext(app, request), sort);
  return data(
    { ...directory, sort, canonicalUrl: new URL("/vendors", app.baseUrl).toString() },
    { headers: publicPageHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: "Peptide vendors: shipping, coupons and ratings · PeptidePrices" },
    {
      name: "description",
      content:
        "Every vendor on PeptidePrices with where it ships, its shipping fee and free-shipping threshold, its current coupon, rating, number of prices and when they were last updated.",
    },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
  ];
}

export default function Vendors({ loaderData }: Route.ComponentProps) {
  const { vendors, destination, sort } = loaderData;
  return (
    <main className="container mx-auto flex flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Vendors</h1>
        <p className="text-muted-foreground">
          {destination
            ? `Shipping terms for delivery to ${countryName(destination)}, `
            : "Shipping terms, "}
          current coupons, ratings and how fresh each vendor’s prices are.
        </p>
      </div>
      {vendors.length === 0 ? (
        <p className="text-muted-foreground" data-testid="vendors-empty">
          No vendors have prices listed yet.
        </p>
      ) : (
        <VendorDirectoryList vendors={vendors} destination={destination} sort={sort} />
      )}
    </main>
  );
}
