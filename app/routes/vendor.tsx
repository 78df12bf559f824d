import { ArrowLeft, ExternalLink, Star, Store } from "lucide-react";
import { data, Link, redirect } from "react-router";

import { publicPageHeaders } from "~/.server/platform/http/cache-headers.server";
import { getPageLabTests } from "~/.server/data/lab-tests.server";
import { findVendorSlugRedirect, getVendorProfile } from "~/.server/data/vendor-profile.server";
import { getVendorReliability } from "~/.server/data/vendor-reliability.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import { AffiliateNote } from "~/components/affiliate-note";
import { CouponCell } from "~/components/copy-coupon-button";
import { LabTestsSection } from "~/components/lab-tests-section";
import type { OfferColumn } from "~/components/offer-columns";
import { OfferTable } from "~/components/offer-table";
import { VendorReliabilityBreakdown } from "~/components/vendor-reliability";
import { CouponFeedback } from "~/components/trust/coupon-feedback";
import { VendorReviewsSection } from "~/components/trust/vendor-reviews-section";
import { Badge } from "~/components/ui/badge";
import { DetailPageErrorBoundary } from "~/components/error-boundary";
import { useRootData } from "~/hooks/use-root-data";
import { outboundRel, vendorLinkPath } from "~/lib/affiliate";
import { formatDate } from "~/lib/format";
import { jsonForScript } from "~/lib/json-ld";
import { formatCouponDiscount } from "~/lib/pricing";
import { describePriceChanges, describeShippingTerms } from "~/lib/vendor-profile";
import { describeReportStats } from "~/lib/trust/offer-reports";

import type { Route } from "./+types/vendor";
import { handleVendorAction, loadVendorTrust } from "./vendor.server";
import { appOf } from "~/.server/platform/context.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const profile = await getVendorProfile(
    app.db,
    params.slug,
    await getPricingContext(app, request),
  );
  if (!profile) {
    const currentSlug = await findVendorSlugRedirect(app.db, params.slug);
    if (currentSlug) throw redirect(`/vendor/${currentSlug}`, 301);
    throw data("Vendor not found", { status: 404, headers: publicPageHeaders(request) });
  }
  const [reliability, labTests, trust] = await Promise.all([
    getVendorReliability(app.db, profile.vendor.id),
    getPageLabTests(app.db, { vendorId: profile.vendor.id }),
    loadVendorTrust(app, request, profile.vendor.id, new Date()),
  ]);
  return data(
    {
      ...profile,
      labTests: labTests.tests,
      labReplies: labTests.replies,
      ...trust,
      reliability: reliability && {
        ...reliability,
        computedAt: reliability.computedAt.toISOString(),
      },
      canonicalUrl: new URL(`/vendor/${profile.vendor.slug}`, app.baseUrl).toString(),
      logoUrl: profile.vendor.logoUrl
        ? new URL(profile.vendor.logoUrl, app.baseUrl).toString()
        : null,
    },
    { headers: publicPageHeaders(request) },
  );
}

export function action({ params, request, context }: Route.ActionArgs) {
  return handleVendorAction(appOf(context), request, params.slug);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export function meta({ data, error }: Route.MetaArgs) {
  if (!data || error) {
    return [{ title: "Vendor not found · PeptidePrices" }, { name: "robots", content: "noindex" }];
  }
  const { vendor, offers } = data;
  const peptideCount = new Set(offers.map((o) => o.peptideSlug)).size;
  const description = `${vendor.name}: ${offers.length} prices for ${peptideCount} peptides, with coupon, shipping terms, payment methods and price changes.`;
  return [
    { title: `${vendor.name} · vendor prices · PeptidePrices` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    { property: "og:title", content: `${vendor.name} prices` },
    { property: "og:type", content: "website" },
    { property: "og:url", content: data.canonicalUrl },
    ...(data.logoUrl ? [{ property: "og:image", content: data.logoUrl }] : []),
  ];
}

function organizationJsonLd(loaderData: Route.ComponentProps["loaderData"]) {
  const { vendor } = loaderData;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: vendor.name,
    url: vendor.website ?? loaderData.canonicalUrl,
    logo: loaderData.logoUrl ?? undefined,
  };
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border p-3">
      <dt className="text-xs font-medium text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

const VENDOR_COLUMNS: readonly OfferColumn[] = [
  "peptide",
  "size",
  "price",
  "afterCoupon",
  "perMg",
  "shipping",
  "total",
  "stock",
  "checked",
];

export default function VendorPage({ loaderData }: Route.ComponentProps) {
  const { vendor, coupon, offers, recentChanges } = loaderData;
  const root = useRootData();
  const affiliated = root?.affiliatedVendorIds.includes(vendor.id) ?? false;
  const signedIn = Boolean(root?.user);
  return (
    <main className="container mx-auto flex flex-col gap-8 px-4 py-8">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonForScript(organizationJsonLd(loaderData)) }}
      />
      <Link
        to="/"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> All peptides
      </Link>
      <section className="flex flex-wrap items-center gap-4">
        {loaderData.logoUrl ? (
          <img
            src={loaderData.logoUrl}
            alt={`${vendor.name} logo`}
            width={80}
            height={80}
            className="size-20 rounded-xl border object-contain"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-20 items-center justify-center rounded-xl border bg-muted text-muted-foreground"
          >
            <Store className="size-8" />
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">{vendor.name}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {vendor.rating !== null ? (
              <span className="inline-flex items-center gap-1" data-testid="vendor-rating">
                <Star className="size-4 fill-warning text-warning" aria-hidden />
                <span>
                  {vendor.rating.toFixed(1)}
                  <span className="text-muted-foreground"> / 5 rating</span>
                </span>
              </span>
            ) : (
              <span className="text-muted-foreground">No rating yet</span>
            )}
            {vendor.isPreferred ? <Badge variant="secondary">Preferred vendor</Badge> : null}
            {vendor.website ? (
              <a
                href={vendorLinkPath(vendor.id)}
                target="_blank"
                rel={outboundRel(affiliated)}
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                Website
                <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only"> of {vendor.name} (opens in a new tab)</span>
              </a>
            ) : null}
            {vendor.website && affiliated ? <AffiliateNote /> : null}
          </div>
        </div>
      </section>

      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Shipping">
          {describeShippingTerms(vendor)}
          {vendor.shipsTo.length > 0 ? (
            <span className="block text-xs text-muted-foreground">
              Ships to {vendor.shipsTo.join(", ")}
            </span>
          ) : null}
        </Fact>
        <Fact label="Payment methods">
          {vendor.paymentMethods.length > 0 ? vendor.paymentMethods.join(", ") : "Not listed"}
        </Fact>
        <Fact label="Current coupon">
          {coupon ? (
            <span className="flex flex-col gap-1" data-testid="vendor-coupon">
              <span className="inline-flex flex-wrap items-center gap-2">
                <CouponCell
                  coupon={coupon}
                  currency={vendor.currency}
                  reportedByVendor={loaderData.couponReportedByVendor}
                />
                {formatCouponDiscount(coupon, vendor.currency)} off
              </span>
              <span className="text-xs text-muted-foreground">
                {coupon.expirationDate
                  ? `Valid until ${formatDate(coupon.expirationDate)} (UTC)`
                  : "No expiry date"}
              </span>
              <CouponFeedback summary={loaderData.couponFeedback} signedIn={signedIn} />
            </span>
          ) : (
            "No coupon right now"
          )}
        </Fact>
        <Fact label="Price changes">
          <span data-testid="vendor-price-changes">
            {describePriceChanges(recentChanges.changes, recentChanges.offersChanged)}
          </span>
        </Fact>
      </dl>

      <section aria-labelledby="vendor-offers-heading" className="flex flex-col gap-3">
        <h2 id="vendor-offers-heading" className="text-xl font-semibold">
          Prices at {vendor.name}
        </h2>
        <p className="text-sm text-muted-foreground">
          {offers.length === 1 ? "1 price" : `${offers.length} prices`}, with the vendor&apos;s
          coupon applied where it is valid. Dimmed prices are out of stock or have not been
          confirmed lately. Buyers&apos; reports of wrong offers:{" "}
          <span data-testid="vendor-report-stats">
            {describeReportStats(loaderData.reportStats)}
          </span>
          .
        </p>
        <OfferTable
          offers={offers}
          columns={VENDOR_COLUMNS}
          initialSort="peptide"
          badges={false}
          testId="vendor-offers"
          rowTestId="vendor-offer-row"
          empty="This vendor has no prices listed yet."
        />
      </section>

      <LabTestsSection
        tests={loaderData.labTests}
        replies={loaderData.labReplies}
        subject="vendor"
      />

      {loaderData.reliability ? <VendorReliabilityBreakdown {...loaderData.reliability} /> : null}

      <VendorReviewsSection vendorName={vendor.name} reviews={loaderData.reviews} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DetailPageErrorBoundary error={error} subject="vendor" />;
}
