import type { ColumnDef } from "@tanstack/react-table";
import { FlaskConical, Loader2, Play, Plus } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";

import { requireAdmin } from "~/.server/auth.server";
import { recordAudit, recordPublicChange } from "~/.server/data/audit.server";
import { getScrapeLogs } from "~/.server/data/scrape-logs.server";
import {
  createScrapeSource,
  deleteScrapeSource,
  getScrapeSources,
  updateScrapeSource,
  type ScrapeSourceRow,
} from "~/.server/data/scrape-sources.server";
import { getVendorOptions, vendorExists } from "~/.server/data/vendors.server";
import { SCRAPE_MESSAGES, testSelectors } from "~/.server/scraper/run.server";
import { writeFailure } from "~/.server/write-errors.server";
import { failure, actionSuccess, type ActionResult } from "~/lib/action-result";
import { RunBanner, ScrapeRunPanel, useScrapeRun } from "~/components/admin/scraping/run-progress";
import { ConfirmDeleteButton, useFetcherToast } from "~/components/admin/confirm-delete-button";
import { ReviewQueue } from "~/components/admin/scraping/review-queue";
import { DataTable } from "~/components/admin/data-table";
import {
  Field,
  NativeSelect,
  useLoadErrorToast,
  validateOnSubmit,
} from "~/components/admin/form-controls";
import { EditButton } from "~/components/admin/row-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { PaginationControls } from "~/components/ui/pagination-controls";
import { Switch } from "~/components/ui/switch";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { useActionToast } from "~/hooks/use-action-toast";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import { formatLastScraped } from "~/lib/format";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { isReviewIntent } from "~/lib/forms/scrape-review";
import {
  scrapeSourceFields,
  scrapingActionSchema,
  SELECTOR_HELP,
  selectorTestFields,
} from "~/lib/forms/scraping";

import type { Route } from "./+types/scraping";
import { handleReviewAction, loadReviewQueue } from "./scraping.review.server";
import { loadScrapeRunState, startRun, type RunStartResult } from "./scraping.runs.server";

const LOGS_PAGE_SIZE = 10;
const RUN_KEY = "scrape-run";
const DELETE_KEY = "delete-scrape-source";

type TestResult = ActionResult & { testResult?: unknown };

export function meta() {
  return [{ title: "Scraping · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.app, request);
  const { db } = context.app;
  const requested = Number(new URL(request.url).searchParams.get("logs") ?? "1");
  const logsPage = Number.isInteger(requested) && requested > 0 ? requested : 1;
  // Assigned inside a callback, which TypeScript's narrowing cannot see.
  let loadError = null as string | null;
  const [sources, vendors, review, logs, runs] = await Promise.all([
    // SPEC.md §8: a failed read of the sources is a toast, not a broken page.
    getScrapeSources(db).catch((error: unknown) => {
      context.app.logger.error({ err: error }, "loading scrape sources failed");
      loadError = "Failed to fetch scrape sources";
      return [];
    }),
    getVendorOptions(db),
    loadReviewQueue(db),
    getScrapeLogs(db, { page: logsPage, pageSize: LOGS_PAGE_SIZE }),
    loadScrapeRunState(db),
  ]);
  return {
    loadError,
    runs,
    sources,
    vendors,
    review,
    logs: {
      ...logs,
      page: logsPage,
      pageCount: Math.max(1, Math.ceil(logs.total / LOGS_PAGE_SIZE)),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.app, request);
  const { app } = context;
  const { db } = app;
  const fields = formFields(await request.formData());
  if (isReviewIntent(fields.intent)) return handleReviewAction(app, admin, fields);
  const parsed = scrapingActionSchema.safeParse(fields);
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const form = parsed.data;

  switch (form.intent) {
    case "create-source":
    case "update-source": {
      const id = form.intent === "update-source" ? form.id : undefined;
      const failedMessage = id ? "Failed to update source" : "Failed to add source";
      const source = scrapeSourceFields.safeParse(fields);
      if (!source.success) return failure(firstIssueMessage(source.error), 400, failedMessage);
      const input = source.data;
      if (input.vendorId && !(await vendorExists(db, input.vendorId))) {
        return failure("Selected vendor not found", 400, failedMessage);
      }
      let savedId: string;
      try {
        if (id) {
          if (!(await updateScrapeSource(db, id, input)))
            return failure("Source not found", 404, failedMessage);
          savedId = id;
        } else {
          savedId = await createScrapeSource(db, input);
        }
      } catch (error) {
        return writeFailure(app, error, "saving a scrape source", failedMessage);
      }
      await recordPublicChange(app, admin, {
        action: id ? "update" : "create",
        entity: "scrape_source",
        entityId: savedId,
        details: input,
      });
      return actionSuccess(id ? "Source updated successfully" : "Source added successfully");
    }

    case "delete-source": {
      if (!(await deleteScrapeSource(db, form.id))) return failure("Failed to delete source", 404);
      await recordAudit(db, admin, {
        action: "delete",
        entity: "scrape_source",
        entityId: form.id,
      });
      return actionSuccess("Source deleted successfully");
    }

    case "run-source":
    case "run-all":
      return startRun(app, admin, form);

    case "test-selectors": {
      const test = selectorTestFields.safeParse(fields);
      if (!test.success) return failure(firstIssueMessage(test.error), 400);
      const input = test.data;
      if (!input.name_selector || !input.price_selector) {
        return failure(SCRAPE_MESSAGES.missingSelectors, 422);
      }
      try {
        const result = await testSelectors(app, {
          url: input.url,
          productSelector: input.product_selector,
          nameSelector: input.name_selector,
          priceSelector: input.price_selector,
          linkSelector: input.link_selector,
          soldOutSelector: input.sold_out_selector,
        });
        const body: TestResult = {
          ...actionSuccess(SCRAPE_MESSAGES.testSucceeded),
          testResult: result,
        };
        return body;
      } catch (error) {
        const message = error instanceof Error ? error.message : SCRAPE_MESSAGES.unknown;
        return failure(`Error testing selectors: ${message.slice(0, 200)}`, 200);
      }
    }
  }
}

// ---------------------------------------------------------------- page

type LoaderData = Route.ComponentProps["loaderData"];
type Source = LoaderData["sources"][number];

const STATUS_VARIANT: Record<string, "success" | "secondary" | "destructive"> = {
  active: "success",
  inactive: "secondary",
  error: "destructive",
};

function StatusBadge({ status, error }: { status: string; error: string | null }) {
  return (
    <Badge
      variant={STATUS_VARIANT[status] ?? "secondary"}
      title={error ?? undefined}
      className="capitalize"
    >
      {status}
    </Badge>
  );
}

const NA = "N/A";

export default function AdminScraping({ loaderData }: Route.ComponentProps) {
  const { loadError, sources, vendors, review, logs, runs } = loaderData;
  const runFetcher = useFetcher<RunStartResult>({ key: RUN_KEY });
  const followedRunId = runFetcher.data?.runId ?? runs.activeRuns[0]?.id ?? null;
  const followed = useScrapeRun(
    followedRunId,
    runs.activeRuns.find((run) => run.id === followedRunId) ??
      (runs.latestRun?.id === followedRunId ? runs.latestRun : null),
  );
  const [dialog, setDialog] = useState<{ open: boolean; source: Source | null }>({
    open: false,
    source: null,
  });
  useFetcherToast(DELETE_KEY);
  useLoadErrorToast(loadError);
  const running = runFetcher.state !== "idle" || followed.active;
  const runningSourceId =
    runFetcher.state !== "idle" ? runFetcher.formData?.get("id") : followed.run?.sourceId;

  const columns = useMemo<ColumnDef<ScrapeSourceRow, unknown>[]>(
    () => [
      {
        accessorKey: "retailerName",
        header: "Retailer",
        cell: ({ row }) => <span className="font-medium">{row.original.retailerName}</span>,
      },
      {
        accessorKey: "url",
        header: "URL",
        cell: ({ row }) => (
          <a
            href={row.original.url}
            target="_blank"
            rel="noreferrer noopener"
            title={row.original.url}
            className="block max-w-[10rem] truncate text-primary underline-offset-4 hover:underline sm:max-w-[18rem]"
          >
            {row.original.url}
          </a>
        ),
      },
      {
        accessorKey: "status",
        header: "Status",
        cell: ({ row }) => (
          <StatusBadge status={row.original.status} error={row.original.lastError} />
        ),
      },
      {
        accessorKey: "lastScrapedAt",
        header: "Last Scraped",
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatLastScraped(row.original.lastScrapedAt)}
          </span>
        ),
      },
      {
        id: "actions",
        header: "Actions",
        cell: ({ row }) => (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Run scraper for ${row.original.retailerName}`}
              disabled={running}
              onClick={() =>
                runFetcher.submit({ intent: "run-source", id: row.original.id }, { method: "post" })
              }
            >
              {runningSourceId === row.original.id ? (
                <Loader2 className="size-4 animate-spin" aria-hidden />
              ) : (
                <Play className="size-4" aria-hidden />
              )}
            </Button>
            <EditButton
              label={`Edit ${row.original.retailerName}`}
              disabled={running}
              onClick={() => setDialog({ open: true, source: row.original })}
            />
            <ConfirmDeleteButton
              fetcherKey={DELETE_KEY}
              fields={{ intent: "delete-source", id: row.original.id }}
              itemName={row.original.retailerName}
              description={`This action cannot be undone. The scrape source for ${row.original.retailerName} will be permanently deleted.`}
            />
          </div>
        ),
      },
    ],
    [running, runningSourceId, runFetcher],
  );

  const refused = runFetcher.state === "idle" && runFetcher.data?.ok === false;
  const panelRun = followed.run ?? (followedRunId ? null : runs.latestRun);

  return (
    <div className="space-y-8">
      <section aria-labelledby="sources-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="sources-heading" className="text-2xl font-semibold">
            Scrape Sources
          </h1>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={running}
              onClick={() => runFetcher.submit({ intent: "run-all" }, { method: "post" })}
            >
              {running ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
              {running ? "Scraping..." : "Start Scraping"}
            </Button>
            <Button
              variant="outline"
              disabled={running}
              onClick={() => setDialog({ open: true, source: null })}
            >
              <Plus aria-hidden />
              Add Source
            </Button>
          </div>
        </div>

        {refused && runFetcher.data && !runFetcher.data.ok ? (
          <RunBanner message={runFetcher.data.error} />
        ) : (
          <ScrapeRunPanel run={panelRun} active={followed.active} />
        )}

        <DataTable
          columns={columns}
          data={sources}
          pageSize={ADMIN_PAGE_SIZE}
          label="Scrape sources"
          emptyMessage="No scrape sources yet."
          getRowId={(row) => row.id}
        />
      </section>

      <ReviewQueue items={review.items} peptides={review.peptides} />

      <ScrapingLogs logs={logs} />

      <SourceDialog
        key={dialog.source?.id ?? "new"}
        open={dialog.open}
        source={dialog.source}
        vendors={vendors}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </div>
  );
}

function ScrapingLogs({ logs }: { logs: LoaderData["logs"] }) {
  return (
    <section aria-labelledby="logs-heading" className="space-y-3">
      <h2 id="logs-heading" className="text-xl font-semibold">
        Scraping Logs
      </h2>
      <div className="rounded-md border">
        <Table aria-label="Scraping logs">
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>URL</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {logs.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="h-16 text-center text-muted-foreground">
                  No scraping runs yet.
                </TableCell>
              </TableRow>
            ) : (
              logs.rows.map((log) => (
                <TableRow key={log.id}>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatLastScraped(log.createdAt)}
                  </TableCell>
                  <TableCell>
                    <span title={log.url} className="block max-w-[10rem] truncate sm:max-w-[18rem]">
                      {log.url}
                    </span>
                  </TableCell>
                  <TableCell>
                    <Badge variant={log.status === "success" ? "success" : "destructive"}>
                      {log.status === "success" ? "Success" : "Error"}
                    </Badge>
                  </TableCell>
                  <TableCell className="whitespace-normal">{log.details ?? NA}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <PaginationControls
        page={logs.page}
        pageCount={logs.pageCount}
        hrefForPage={(page) => `?logs=${page}`}
        label="Scraping logs pages"
      />
    </section>
  );
}

function SourceDialog({
  open,
  source,
  vendors,
  onOpenChange,
}: {
  open: boolean;
  source: Source | null;
  vendors: LoaderData["vendors"];
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const testFetcher = useFetcher<TestResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [pageType, setPageType] = useState(source?.pageType ?? "single");
  useActionToast(fetcher.data, () => onOpenChange(false));
  useActionToast(testFetcher.data);
  const saving = fetcher.state !== "idle";
  const testing = testFetcher.state !== "idle";
  const testResult = testFetcher.state === "idle" ? testFetcher.data : undefined;

  function runTest() {
    if (!formRef.current) return;
    const formData = new FormData(formRef.current);
    formData.set("intent", "test-selectors");
    testFetcher.submit(formData, { method: "post" });
  }

  const text = (
    name: string,
    label: string,
    value: string | null | undefined,
    options: { required?: boolean; type?: string; placeholder?: string } = {},
  ) => (
    <Field id={`source-${name}`} label={`${label}${options.required ? " *" : ""}`}>
      <Input
        id={`source-${name}`}
        name={name}
        type={options.type ?? "text"}
        defaultValue={value ?? ""}
        placeholder={options.placeholder}
        required={options.required}
        aria-required={options.required}
      />
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{source ? "Edit Source" : "Add Source"}</DialogTitle>
          <DialogDescription>
            A retailer page and the CSS selectors that find each product&apos;s name, price, link
            and sold-out marker.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          className="grid gap-4"
          onSubmit={validateOnSubmit(scrapeSourceFields)}
        >
          <input type="hidden" name="intent" value={source ? "update-source" : "create-source"} />
          {source ? <input type="hidden" name="id" value={source.id} /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {text("retailer_name", "Retailer name", source?.retailerName, { required: true })}
            {text("url", "URL", source?.url, {
              required: true,
              type: "url",
              placeholder: "https://shop.example/products/bpc-157",
            })}
            <Field id="source-page_type" label="Page type">
              <NativeSelect
                id="source-page_type"
                name="page_type"
                value={pageType}
                onChange={(event) => setPageType(event.target.value)}
              >
                <option value="single">Single product</option>
                <option value="category">Category</option>
              </NativeSelect>
            </Field>
            <Field id="source-vendor_id" label="Vendor">
              <NativeSelect
                id="source-vendor_id"
                name="vendor_id"
                defaultValue={source?.vendorId ?? ""}
              >
                <option value="">No vendor (results are not applied to prices)</option>
                {vendors.map((vendor) => (
                  <option key={vendor.id} value={vendor.id}>
                    {vendor.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {text("currency", "Currency when the page shows only a symbol", source?.currency, {
              placeholder: "USD",
            })}
            {text("product_selector", "Product selector", source?.productSelector, {
              required: true,
              placeholder: ".product-card",
            })}
            {text("name_selector", "Name selector", source?.nameSelector, {
              required: true,
              placeholder: ".product-title",
            })}
            {text("price_selector", "Price selector", source?.priceSelector, {
              required: true,
              placeholder: ".price",
            })}
            {text("link_selector", "Link selector (optional)", source?.linkSelector, {
              placeholder: "a.product-link",
            })}
            {text("sold_out_selector", "Sold-out selector (optional)", source?.soldOutSelector, {
              placeholder: ".sold-out",
            })}
            {pageType === "category" ? (
              <>
                {text("pagination_selector", "Pagination selector", source?.paginationSelector, {
                  placeholder: ".pagination",
                })}
                {text("next_page_selector", "Next page selector", source?.nextPageSelector, {
                  placeholder: "a.next",
                })}
              </>
            ) : null}
            <p className="text-xs text-muted-foreground sm:col-span-2">{SELECTOR_HELP}</p>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <Switch
              name="is_active"
              defaultChecked={source?.isActive ?? true}
              aria-label="Active"
            />
            Active (included in Start Scraping and the schedule)
          </label>
          {testResult?.ok && testResult.testResult ? (
            <pre
              aria-label="Selector test result"
              className="max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs"
            >
              {JSON.stringify(testResult.testResult, null, 2)}
            </pre>
          ) : null}
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" disabled={testing || saving} onClick={runTest}>
              {testing ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <FlaskConical aria-hidden />
              )}
              Test selectors
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {source ? "Save Changes" : "Add Source"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
