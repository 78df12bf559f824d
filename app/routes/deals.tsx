import { data, Link } from "react-router";

import { loadPriceAlertPanel } from "~/.server/alerts/panel.server";
import { countUserPriceAlerts, PRICE_ALERTS_PAGE_SIZE } from "~/.server/data/price-alerts.server";
import { getSessionUser } from "~/.server/services/auth.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import {
  countSavedDeals,
  listSavedDeals,
  SAVED_DEALS_PAGE_SIZE,
  removeSavedDeal,
  removeSavedOffer,
  saveDeal,
  updateSavedDeal,
} from "~/.server/data/saved-deals.server";
import type { SavedDealRow } from "~/lib/saved-deals";
import { failure, actionSuccess } from "~/lib/action-result";
import { PriceAlertList } from "~/components/alerts/price-alert-list";
import { DealCard } from "~/components/deals/deal-card";
import { Button } from "~/components/ui/button";
import { PaginationControls } from "~/components/ui/pagination-controls";
import { parsePage } from "~/lib/table-query";
import { DEAL_MESSAGES, DEAL_TAGS } from "~/lib/constants";
import {
  DEAL_TAG_LABELS,
  dealActionSchema,
  dealFormValues,
  dealTagFilterSchema,
  type DealTag,
} from "~/lib/forms/deals";

import type { Route } from "./+types/deals";
import { appOf } from "~/.server/platform/context.server";

export function meta() {
  return [{ title: "Saved Deals · PeptidePrices" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const user = await getSessionUser(app, request);
  if (!user) {
    return data(
      { signedIn: false as const, deals: [] as SavedDealRow[], tag: null, now: "" },
      { status: 401 },
    );
  }
  const url = new URL(request.url);
  const tag = dealTagFilterSchema.parse(url.searchParams.get("tag") ?? undefined);
  const total = await countSavedDeals(app.db, { userId: user.id, tag });
  const pages = Math.max(1, Math.ceil(total / SAVED_DEALS_PAGE_SIZE));
  // A page past the end (a deal was removed) shows the last one.
  const page = Math.min(parsePage(url.searchParams.get("page")), pages);
  const pricing = await getPricingContext(app, request);
  const deals = await listSavedDeals(app.db, { userId: user.id, tag, page, pricing });
  const alertTotal = await countUserPriceAlerts(app.db, user.id);
  const alertPages = Math.max(1, Math.ceil(alertTotal / PRICE_ALERTS_PAGE_SIZE));
  const alertPage = Math.min(parsePage(url.searchParams.get("alertsPage")), alertPages);
  const priceAlerts = await loadPriceAlertPanel(app, request, {
    userId: user.id,
    page: alertPage,
  });
  return data({
    signedIn: true as const,
    deals,
    tag: tag ?? null,
    page,
    pages,
    alertPage,
    alertPages,
    now: new Date().toISOString(),
    priceAlerts,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const user = await getSessionUser(app, request);
  if (!user) return failure(DEAL_MESSAGES.loginRequired, 401);
  const parsed = dealActionSchema.safeParse(dealFormValues(await request.formData()));
  if (!parsed.success) {
    return failure(parsed.error.issues[0]?.message ?? "Invalid request", 400);
  }
  const input = parsed.data;
  switch (input.intent) {
    case "save": {
      const outcome = await saveDeal(app.db, {
        userId: user.id,
        vendorPeptideId: input.vendorPeptideId,
        tags: input.tags,
        notes: input.notes,
        pricing: await getPricingContext(app, request),
      });
      if (outcome === "not-found") {
        return failure(DEAL_MESSAGES.priceGone, 404);
      }
      if (outcome === "full") return failure(DEAL_MESSAGES.full, 409);
      return actionSuccess(outcome === "saved" ? DEAL_MESSAGES.saved : DEAL_MESSAGES.alreadySaved);
    }
    case "unsave": {
      const removed = await removeSavedOffer(app.db, {
        userId: user.id,
        vendorPeptideId: input.vendorPeptideId,
      });
      return removed ? actionSuccess(DEAL_MESSAGES.unsaved) : failure(DEAL_MESSAGES.notFound, 404);
    }
    case "update": {
      const updated = await updateSavedDeal(app.db, {
        userId: user.id,
        dealId: input.dealId,
        tags: input.tags,
        notes: input.notes,
        alertEnabled: input.alertEnabled,
      });
      return updated ? actionSuccess(DEAL_MESSAGES.updated) : failure(DEAL_MESSAGES.notFound, 404);
    }
    case "remove": {
      const removed = await removeSavedDeal(app.db, { userId: user.id, dealId: input.dealId });
      return removed ? actionSuccess(DEAL_MESSAGES.removed) : failure(DEAL_MESSAGES.notFound, 404);
    }
  }
}

export default function SavedDeals({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <main className="container mx-auto flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">Login Required</h1>
        <p className="max-w-sm text-muted-foreground">Log in to see the deals you have saved.</p>
        <Button asChild>
          <Link to="/login">Go to Login</Link>
        </Button>
      </main>
    );
  }
  const { deals, tag, page, pages, alertPage, alertPages, now, priceAlerts } = loaderData;
  return (
    <main className="container mx-auto flex flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Saved Deals</h1>
        <p className="text-sm text-muted-foreground">
          Prices you saved, what they cost today, and an e-mail when one drops.
        </p>
      </div>
      <nav aria-label="Filter by tag" className="flex flex-wrap gap-2">
        <TagFilterLink tag={null} active={tag === null} />
        {DEAL_TAGS.map((value) => (
          <TagFilterLink key={value} tag={value} active={tag === value} />
        ))}
      </nav>
      {deals.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-12 text-center">
          <p className="text-muted-foreground">
            {tag
              ? `No saved deals tagged ${DEAL_TAG_LABELS[tag]}.`
              : "You have not saved any deals yet."}
          </p>
          <Button asChild variant="outline">
            <Link to="/">Browse peptides</Link>
          </Button>
        </div>
      ) : (
        <>
          <ul aria-label="Saved deals" className="grid gap-4 md:grid-cols-2">
            {deals.map((deal) => (
              <li key={deal.id}>
                <DealCard deal={deal} now={now} />
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <PaginationControls
              page={page}
              pageCount={pages}
              label="Saved deals pages"
              hrefForPage={(to) => dealsPath(tag, to, alertPage)}
            />
          ) : null}
        </>
      )}
      <PriceAlertList alerts={priceAlerts.alerts} options={priceAlerts} />
      {alertPages > 1 ? (
        <PaginationControls
          page={alertPage}
          pageCount={alertPages}
          label="Price alerts pages"
          hrefForPage={(to) => dealsPath(tag, page, to)}
        />
      ) : null}
    </main>
  );
}

/** /deals, with its tag filter and the pages of deals and alerts when they are not the first. */
function dealsPath(tag: DealTag | null, page: number, alertPage = 1): string {
  const params = new URLSearchParams();
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  if (alertPage > 1) params.set("alertsPage", String(alertPage));
  const query = params.toString();
  return query ? `/deals?${query}` : "/deals";
}

function TagFilterLink({ tag, active }: { tag: DealTag | null; active: boolean }) {
  return (
    <Button asChild size="sm" variant={active ? "default" : "outline"}>
      <Link to={dealsPath(tag, 1)} aria-current={active ? "page" : undefined}>
        {tag ? DEAL_TAG_LABELS[tag] : "All"}
      </Link>
    </Button>
  );
}

/** `now` comes from the loader, so the "as of" reads the same on the server and in the browser. */
