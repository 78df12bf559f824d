import { FlaskConical, Store, Tags, Users } from "lucide-react";
import { Link } from "react-router";

import { getDashboard } from "~/.server/data/dashboard.server";
import {
  StatCard,
  WidgetCard,
  WidgetList,
  WidgetListItem,
} from "~/components/admin/dashboard/dashboard-widgets";
import { Badge } from "~/components/ui/badge";
import { auditEntityName, humaniseAuditKey, formatUtcTimestamp } from "~/lib/audit";
import { formatSize } from "~/lib/units";

import type { Route } from "./+types/index";
import { appOf } from "~/.server/platform/context.server";

export async function loader({ context }: Route.LoaderArgs) {
  return getDashboard(appOf(context).db, new Date());
}

export function meta() {
  return [{ title: "Dashboard · Admin · PeptidePrices" }, { name: "robots", content: "noindex" }];
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const {
    counts,
    staleOffers,
    failingSources,
    expiringCoupons,
    reviewQueue,
    lastRuns,
    recentAudit,
  } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-sm text-muted-foreground">
          The catalogue at a glance, and what needs attention. Times are in UTC.
        </p>
      </div>

      <section aria-label="Counts" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label="Peptides"
          value={counts.peptides}
          to="/admin/peptides"
          icon={FlaskConical}
        />
        <StatCard label="Vendors" value={counts.vendors} to="/admin/vendors" icon={Store} />
        <StatCard label="Offers" value={counts.offers} to="/admin/prices" icon={Tags} />
        <StatCard label="Users" value={counts.users} to="/admin/users" icon={Users} />
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <WidgetCard
          title="Stale offers"
          total={staleOffers.total}
          to="/admin/prices?stale=1"
          linkLabel="View stale offers"
          emptyMessage="Every offer was refreshed within the freshness window."
        >
          <WidgetList>
            {staleOffers.rows.map((offer) => (
              <WidgetListItem
                key={offer.id}
                main={`${offer.peptideName} ${formatSize(offer.quantity, offer.unit, offer.unitLabel)} · ${offer.vendorName}`}
                side={`checked ${formatUtcTimestamp(offer.priceCheckedAt)}`}
              />
            ))}
          </WidgetList>
        </WidgetCard>

        <WidgetCard
          title="Failing sources"
          total={failingSources.total}
          to="/admin/scraping?status=error"
          linkLabel="View failing sources"
          emptyMessage="No scrape source is failing."
        >
          <WidgetList>
            {failingSources.rows.map((source) => (
              <WidgetListItem
                key={source.id}
                main={
                  <>
                    <span className="font-medium">{source.retailerName}</span>{" "}
                    {source.incidentReason ? (
                      <Badge variant="destructive" title={source.incidentReason}>
                        Unhealthy: {source.incidentReason}
                      </Badge>
                    ) : null}
                    {source.lastError ? (
                      <span className="block text-xs text-destructive">{source.lastError}</span>
                    ) : null}
                  </>
                }
                side={
                  source.lastScrapedAt ? formatUtcTimestamp(source.lastScrapedAt) : "never scraped"
                }
              />
            ))}
          </WidgetList>
        </WidgetCard>

        <WidgetCard
          title="Coupons expiring within 7 days"
          total={expiringCoupons.total}
          to="/admin/vendors?coupon=expiring"
          linkLabel="View coupons"
          emptyMessage="No coupon expires within 7 days."
        >
          <WidgetList>
            {expiringCoupons.rows.map((coupon) => (
              <WidgetListItem
                key={coupon.id}
                main={
                  <>
                    <span className="font-medium">{coupon.vendorName}</span>{" "}
                    <code className="text-xs">{coupon.code}</code>{" "}
                    {coupon.expired ? <Badge variant="destructive">Expired</Badge> : null}
                  </>
                }
                side={`${coupon.expired ? "expired" : "expires"} ${coupon.expirationDate}`}
              />
            ))}
          </WidgetList>
        </WidgetCard>

        <WidgetCard
          title="Review queue"
          total={reviewQueue.total}
          to="/admin/scraping?review=pending"
          linkLabel="Review listings"
          emptyMessage="No scraped listing is waiting for review."
        >
          <p>
            {reviewQueue.total === 1
              ? "1 scraped listing is waiting for review."
              : `${reviewQueue.total} scraped listings are waiting for review.`}
          </p>
        </WidgetCard>

        <WidgetCard
          title="Last runs"
          to="/admin/scraping"
          linkLabel="View scraping logs"
          emptyMessage="The scraper has not run yet."
        >
          {lastRuns.length > 0 ? (
            <WidgetList>
              {lastRuns.map((run) => (
                <WidgetListItem
                  key={run.id}
                  main={
                    <>
                      <Badge variant={run.status === "error" ? "destructive" : "success"}>
                        {run.status}
                      </Badge>{" "}
                      <span className="font-medium">{run.retailerName ?? run.url}</span>
                      {run.details ? (
                        <span className="block text-xs text-muted-foreground">{run.details}</span>
                      ) : null}
                    </>
                  }
                  side={formatUtcTimestamp(run.createdAt)}
                />
              ))}
            </WidgetList>
          ) : undefined}
        </WidgetCard>

        <WidgetCard
          title="Recent changes"
          to="/admin/audit"
          linkLabel="Open the audit log"
          emptyMessage="No admin change has been recorded yet."
        >
          {recentAudit.length > 0 ? (
            <WidgetList>
              {recentAudit.map((entry) => (
                <WidgetListItem
                  key={entry.id}
                  main={
                    <>
                      <span className="font-medium">{entry.actorEmail ?? "unknown"}</span>{" "}
                      {entry.action}{" "}
                      <Link
                        to={`/admin/audit?entity=${encodeURIComponent(entry.entity)}`}
                        className="underline-offset-4 hover:underline"
                      >
                        {humaniseAuditKey(entry.entity).toLowerCase()}
                      </Link>{" "}
                      {auditEntityName(entry.details, entry.entityId) ?? ""}
                    </>
                  }
                  side={formatUtcTimestamp(entry.createdAt)}
                />
              ))}
            </WidgetList>
          ) : undefined}
        </WidgetCard>
      </div>
    </div>
  );
}
