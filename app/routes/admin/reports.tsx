import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";

import { adminOf } from "~/.server/http/admin-guard.server";
import { appOf } from "~/.server/platform/context.server";
import { TablePager } from "~/components/admin/table-pager";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useActionToast } from "~/hooks/use-action-toast";
import { failure } from "~/lib/action-result";
// The scraping pages' "when" (day, time, UTC) is the one used for every instant here.
import { formatLastScraped as formatDateTime, formatPrice } from "~/lib/format";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import {
  OFFER_REPORT_KIND_LABELS,
  OFFER_REPORT_OUTCOME_LABELS,
  type OfferReportKind,
  type OfferReportOutcome,
} from "~/lib/trust/offer-reports";
import { offerReportAdminSchema } from "~/lib/forms/offer-reports";
import { OFFER_REPORTS_LIST } from "~/lib/trust/review-lists";
import { SHOP_READ_POLL_MS } from "~/lib/shop-reads";

import type { Route } from "./+types/reports";
import { handleOfferReportAction, loadReports } from "./reports.server";

export function meta() {
  return [{ title: "Reports · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadReports(appOf(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const parsed = offerReportAdminSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  return handleOfferReportAction(appOf(context), admin, parsed.data);
}

type Report = Route.ComponentProps["loaderData"]["reports"][number];

const stock = (status: string) => status.replaceAll("_", " ");

function Provenance({ report }: { report: Report }) {
  const { offer } = report;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Reported</dt>
      <dd>
        {formatPrice(report.reportedPrice, report.reportedCurrency)}, {stock(report.reportedStock)}
      </dd>
      <dt className="text-muted-foreground">Now</dt>
      <dd data-testid="report-offer-now">
        {formatPrice(offer.price, offer.currency)}, {stock(offer.stockStatus)}
        {offer.priceHeldAt ? " (a new price waits in the scrape review)" : ""}
      </dd>
      <dt className="text-muted-foreground">Price read</dt>
      <dd>
        {offer.source === "scraped" ? "Scraped" : "Entered by an admin"}, last confirmed{" "}
        {formatDateTime(offer.priceCheckedAt)}
        {offer.missedScrapes > 0 ? `; ${offer.missedScrapes} run(s) since found no price` : ""}
      </dd>
      <dt className="text-muted-foreground">Page</dt>
      <dd className="break-all">
        {offer.url ? (
          <a href={offer.url} target="_blank" rel="noreferrer noopener" className="underline">
            {offer.url}
          </a>
        ) : (
          "none"
        )}
      </dd>
      <dt className="text-muted-foreground">Sources</dt>
      <dd>
        {report.sources.length === 0
          ? "No scrape source for this vendor"
          : report.sources
              .map(
                (s) =>
                  `${s.retailerName} (${s.isActive ? s.status : "off"}, last run ${s.lastScrapedAt ? formatDateTime(s.lastScrapedAt) : "never"})`,
              )
              .join("; ")}
      </dd>
      <dt className="text-muted-foreground">Evidence</dt>
      <dd>
        {report.evidence.length === 0
          ? "No price history"
          : report.evidence
              .map(
                (h) =>
                  `${formatPrice(h.price, offer.currency)} ${h.inStock ? "in stock" : "out of stock"} on ${formatDateTime(h.observedAt)}`,
              )
              .join("; ")}
      </dd>
      {report.recheckedAt ? (
        <>
          <dt className="text-muted-foreground">Re-check</dt>
          <dd data-testid="report-recheck">
            {formatDateTime(report.recheckedAt)}: {report.recheckResult}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function ReportCard({ report, busy }: { report: Report; busy: boolean }) {
  const open = report.status === "open";
  return (
    <li className="flex flex-col gap-3 rounded-xl border p-4" data-testid="offer-report">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-medium">
          {report.offer.peptideName} {report.offer.pack} at {report.offer.vendorName}
        </h2>
        <Badge variant={open ? "default" : "secondary"}>
          {open ? "Open" : OFFER_REPORT_OUTCOME_LABELS[report.status as OfferReportOutcome]}
        </Badge>
      </div>
      <p className="text-sm">
        <strong>{OFFER_REPORT_KIND_LABELS[report.kind as OfferReportKind]}</strong>
        {report.detail ? `: “${report.detail}”` : ""}{" "}
        <span className="text-muted-foreground">
          — {report.reporterEmail ?? "a visitor without an account"},{" "}
          {formatDateTime(report.createdAt)}
        </span>
      </p>
      <Provenance report={report} />
      {report.rechecking ? (
        <p
          role="status"
          className="flex items-center gap-2 text-sm"
          data-testid="report-rechecking"
        >
          <Loader2 className="animate-spin" aria-hidden />
          Re-check under way: the offer&rsquo;s page is being read…
        </p>
      ) : null}
      {open ? (
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="id" value={report.id} />
            <Button
              type="submit"
              name="intent"
              value="recheck"
              disabled={busy || report.rechecking}
            >
              Re-check now
            </Button>
          </Form>
          {(Object.keys(OFFER_REPORT_OUTCOME_LABELS) as OfferReportOutcome[]).map((outcome) => (
            <Form method="post" key={outcome}>
              <input type="hidden" name="id" value={report.id} />
              <input type="hidden" name="outcome" value={outcome} />
              <Button type="submit" name="intent" value="resolve" variant="outline" disabled={busy}>
                Close: {OFFER_REPORT_OUTCOME_LABELS[outcome]}
              </Button>
            </Form>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** While a re-check reads its page (a background job), the page asks again every second. */
function useFollowRechecks(rechecking: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!rechecking || state !== "idle") return;
    const timer = window.setTimeout(() => void revalidate(), SHOP_READ_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [rechecking, state, revalidate]);
}

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  useActionToast(actionData);
  useFollowRechecks(loaderData.reports.some((report) => report.rechecking));
  const { open, query, total } = loaderData;
  return (
    <section aria-labelledby="reports-heading" className="space-y-4">
      <div>
        <h1 id="reports-heading" className="text-2xl font-semibold tracking-tight">
          Reports
        </h1>
        <p className="text-sm text-muted-foreground">
          Problems buyers reported on offers: {open} open. &ldquo;Re-check now&rdquo; has the
          offer&rsquo;s page read in the background; a read that changes the offer closes the report
          as corrected. A signed-in reporter is e-mailed the outcome.
        </p>
      </div>
      {loaderData.reports.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          No reports yet.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {loaderData.reports.map((report) => (
            <ReportCard key={report.id} report={report} busy={busy} />
          ))}
        </ul>
      )}
      <TablePager label="Reports" table={OFFER_REPORTS_LIST} query={query} total={total} />
    </section>
  );
}
