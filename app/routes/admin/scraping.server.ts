/**
 * The admin scraping route's loader data and its per-intent handlers for scrape sources (the
 * review queue's are in scraping.review.server.ts, runs' in scraping.runs.server.ts). The route
 * checks admin rights before calling any of them.
 */
import { data, redirect } from "react-router";

import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getScrapeLogs } from "~/.server/data/scrape-logs.server";
import {
  getScrapeSource,
  getScrapeSourcesByIds,
  getScrapeSourcesPage,
} from "~/.server/data/scrape-sources.server";
import { saveScrapeSource, switchScrapeSources } from "~/.server/services/scrape-sources.server";
import { vendorExists } from "~/.server/data/vendors.server";
import { SCRAPE_MESSAGES } from "~/.server/scraper/run.server";
import type { SelectorTestInput } from "~/.server/scraper/selector-test.server";
import { enqueueShopRead } from "~/.server/services/shop-read-queue.server";
import { refusedSourceAddress } from "~/.server/reader/source-address.server";
import { deleteToTrash } from "~/.server/services/trash-actions.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { actionFailure, actionSuccess, editConflict, failure } from "~/lib/action-result";
import { changedRowsMessage, rowsChangedSince } from "~/lib/edit-conflict";
import { SCRAPE_LOGS_TABLE, SOURCES_TABLE } from "~/lib/admin-tables";
import { invalidForm } from "~/lib/forms/form-data";
import {
  scrapeSourceFields,
  shopSourceFields,
  selectorTestFields,
  sourceFormValues,
  type ScrapingAction,
} from "~/lib/forms/scraping";
import { pageCount, readTablePage } from "~/lib/table-query";

import { loadReviewQueue } from "./scraping.review.server";
import { loadScrapeRunState } from "./scraping.runs.server";

type SourceContext = Pick<AppContext, "db" | "cache" | "logger" | "env" | "baseUrl">;
type Admin = Pick<SessionUser, "id" | "email">;

/** A queued selector test: the read the dialog follows. */
export type SelectorTestStarted = { ok: true; message: string; readId: string };

/** The page's data: one page of sources as the URL asks for it, the review queue, logs, runs. */
export async function loadScrapingPage(app: AppContext, request: Request) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const query = SOURCES_TABLE.parse(params);
  const logsQuery = SCRAPE_LOGS_TABLE.parse(params);
  // Assigned inside a callback, which TypeScript's narrowing cannot see.
  let loadError = null as string | null;
  const [sources, review, logs, runs] = await Promise.all([
    // SPEC.md §8: a failed read of the sources is a toast, not a broken page.
    getScrapeSourcesPage(app.db, { ...query, pageSize: query.pageSize }).catch((error: unknown) => {
      app.logger.error({ err: error }, "loading scrape sources failed");
      loadError = "Failed to fetch scrape sources";
      return { rows: [], total: 0 };
    }),
    loadReviewQueue(app.db),
    readTablePage(logsQuery, (page) =>
      getScrapeLogs(app.db, {
        page,
        pageSize: logsQuery.pageSize,
        sourceId: logsQuery.filters.logsSource ?? null,
      }),
    ),
    loadScrapeRunState(app.db),
  ]);
  // After deleting the last rows of the last page, show the page that still exists.
  const lastPage = pageCount(sources.total, query.pageSize);
  if (query.page > lastPage)
    throw redirect(`${url.pathname}${SOURCES_TABLE.hrefFor(query, { page: lastPage }, params)}`);
  return {
    loadError,
    runs,
    query,
    reviewOpen: params.get("review") === "pending",
    sources,
    review,
    logs,
  };
}

/** Add Source / Save Changes: field errors go back to the dialog, which stays open. */
export async function saveSource(
  app: SourceContext,
  admin: Admin,
  /** The edited source and the version its dialog was opened on; null: a new source. */
  editing: { id: string; version: string } | null,
  fields: Record<string, string>,
) {
  const id = editing?.id ?? null;
  const failedMessage = id ? "Failed to update source" : "Failed to add source";
  const before = id ? await getScrapeSource(app.db, id) : null;
  if (id && !before) return failure("Source not found", 404, failedMessage);
  // Each kind has its own form: a shop source's has no selectors (its feed is read instead).
  const schema = before && before.kind !== "page" ? shopSourceFields : scrapeSourceFields;
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return invalidForm(parsed.error, failedMessage);
  const input = parsed.data;
  if (input.vendorId && !(await vendorExists(app.db, input.vendorId))) {
    const message = "Selected vendor not found";
    return data(
      actionFailure(message, { title: failedMessage, fieldErrors: { vendor_id: [message] } }),
      { status: 400 },
    );
  }
  const refused = await refusedSourceAddress(app, input.url);
  if (refused) {
    return data(actionFailure(refused, { title: failedMessage, fieldErrors: { url: [refused] } }), {
      status: 400,
    });
  }
  let outcome: Awaited<ReturnType<typeof saveScrapeSource>>;
  try {
    outcome = await saveScrapeSource(app, admin, input, editing ?? undefined);
  } catch (error) {
    return writeFailure(app, error, "saving a scrape source", failedMessage);
  }
  if (outcome === "missing") return failure("Source not found", 404, failedMessage);
  if (outcome === "changed") {
    const current = await getScrapeSource(app.db, editing!.id);
    if (!current) return failure("Source not found", 404, failedMessage);
    return editConflict(sourceFormValues(current), current.version);
  }
  return actionSuccess(id ? "Source updated successfully" : "Source added successfully");
}

/** Delete: to the trash (30 days, Undo in the toast), recorded by name. */
export function deleteSource(app: SourceContext, admin: Admin, id: string) {
  return deleteToTrash(app, admin, {
    entity: "scrape_source",
    ids: [id],
    auditEntity: "scrape_source",
    deletedMessage: "Source deleted successfully",
    notFoundMessage: "Failed to delete source",
  });
}

const plural = (count: number) => `${count} source${count === 1 ? "" : "s"}`;

/**
 * Activate, deactivate or delete the selected sources. Every id must still exist and be at the
 * version the page showed: otherwise nothing is changed and the answer says which (404, 409).
 */
export async function bulkUpdateSources(
  app: SourceContext,
  admin: Admin,
  form: Extract<ScrapingAction, { ids: string[] }>,
) {
  const ids = [...new Set(form.ids)];
  const sources = await getScrapeSourcesByIds(app.db, ids);
  if (sources.length !== ids.length) {
    return failure(
      "Some selected sources no longer exist; reload the page and select again",
      404,
      "Nothing was changed",
    );
  }
  const changedMeanwhile = rowsChangedSince(
    sources.map((source) => ({ ...source, name: source.retailerName })),
    form.versions,
  );
  if (changedMeanwhile.length > 0) {
    return failure(changedRowsMessage(changedMeanwhile, "sources"), 409, "Nothing was changed");
  }
  if (form.operation === "delete") {
    return deleteToTrash(app, admin, {
      entity: "scrape_source",
      ids,
      auditEntity: "scrape_source",
      deletedMessage: (count) => `${plural(count)} deleted`,
      notFoundMessage: "Some selected sources no longer exist; reload the page and select again",
    });
  }
  const isActive = form.operation === "activate";
  await switchScrapeSources(app, admin, sources, isActive);
  return actionSuccess(`${plural(ids.length)} ${isActive ? "activated" : "deactivated"}`);
}

/**
 * The dialog's Test selectors: queued as a background read (no shop is read inside the
 * request); the dialog polls /admin/shop-reads/:readId for the result or SPEC's error text.
 */
export async function runSelectorTest(app: AppContext, fields: Record<string, string>) {
  const test = selectorTestFields.safeParse(fields);
  if (!test.success) return invalidForm(test.error, "Error testing selectors");
  const input = test.data;
  if (!input.name_selector || !input.price_selector) {
    return failure(SCRAPE_MESSAGES.missingSelectors, 422);
  }
  const readId = await enqueueShopRead(app, {
    kind: "selector-test",
    subject: input.url,
    input: {
      url: input.url,
      productSelector: input.product_selector,
      nameSelector: input.name_selector,
      priceSelector: input.price_selector,
      linkSelector: input.link_selector,
      soldOutSelector: input.sold_out_selector,
    } satisfies SelectorTestInput,
  });
  const body: SelectorTestStarted = { ok: true, message: "Testing selectors…", readId };
  return data(body, { status: 202 });
}
