import { Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useFetcher, useLocation, useNavigate } from "react-router";

import { getSessionUser } from "~/.server/services/auth.server";
import {
  PRIVATE_CACHE_CONTROL,
  publicPageHeaders,
} from "~/.server/platform/http/cache-headers.server";
import {
  deleteSavedStack,
  listSavedStacks,
  SAVED_STACKS_PAGE_SIZE,
  saveStack,
  type SavedStack,
} from "~/.server/data/stacks.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import { quoteStack } from "~/.server/services/stack.server";
import { StackQuote, StackRulesNote } from "~/components/stack/stack-baskets";
import { writeStoredStack } from "~/components/stack/stack-storage";
import { StackEditor, ShareStack } from "~/components/stack/stack-editor";
import { Button } from "~/components/ui/button";
import { useActionToast } from "~/hooks/use-action-toast";
import { actionSuccess, failure, type ActionResult } from "~/lib/action-result";
import { formatDate } from "~/lib/format";
import { parsePage } from "~/lib/table-query";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { STACK_MESSAGES, stackActionSchema } from "~/lib/forms/stack";
import {
  formatStackParam,
  parseStackParam,
  readStoredStack,
  STACK_ITEMS_PARAM,
  stackUrl,
  type StackLine,
} from "~/lib/stack";

import type { Route } from "./+types/stack";
import { appOf } from "~/.server/platform/context.server";

/** The page of saved stacks shown (?savedPage=2), newest first. */
const SAVED_PAGE_PARAM = "savedPage";

export function meta() {
  return [
    { title: "Stack Optimizer · PeptidePrices" },
    {
      name: "description",
      content:
        "The cheapest way to buy several peptides across vendors, with coupons and free-shipping thresholds.",
    },
  ];
}

/** The quantity editor posts one peptide, size and quantity field per line (works without JS). */
function linesFromEditor(params: URLSearchParams): StackLine[] | null {
  const peptides = params.getAll("peptide");
  if (peptides.length === 0) return null;
  const sizes = params.getAll("size");
  const quantities = params.getAll("quantity");
  return parseStackParam(
    peptides
      .map((peptide, index) =>
        [peptide, sizes[index] ?? "", quantities[index] ?? "1"].map(encodeURIComponent).join(":"),
      )
      .join(","),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const url = new URL(request.url);
  const edited = linesFromEditor(url.searchParams);
  if (edited) throw redirect(stackUrl(edited));

  const lines = parseStackParam(url.searchParams.get(STACK_ITEMS_PARAM));
  const [user, pricing] = await Promise.all([
    getSessionUser(app, request),
    getPricingContext(app, request),
  ]);
  const savedPage = parsePage(url.searchParams.get(SAVED_PAGE_PARAM));
  const [quote, saved] = await Promise.all([
    lines.length > 0 ? quoteStack(app.db, lines, pricing) : null,
    user
      ? listSavedStacks(app.db, { userId: user.id, page: savedPage })
      : { stacks: [] as SavedStack[], total: 0 },
  ]);
  const headers = publicPageHeaders(request);
  if (user) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return data(
    {
      lines: quote?.ok ? quote.lines : lines,
      names: quote?.ok ? quote.names : {},
      result: quote?.ok ? quote.result : null,
      error: quote && !quote.ok ? quote.message : null,
      signedIn: user !== null,
      saved: saved.stacks.map((stack) => ({
        id: stack.id,
        name: stack.name,
        shareToken: stack.shareToken,
        lineCount: stack.items.length,
        createdAt: stack.createdAt.toISOString(),
      })),
      savedPage,
      savedPages: Math.max(1, Math.ceil(saved.total / SAVED_STACKS_PAGE_SIZE)),
    },
    { status: quote && !quote.ok ? 400 : 200, headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const app = appOf(context);
  const user = await getSessionUser(app, request);
  if (!user) return failure(STACK_MESSAGES.loginRequired, 401);
  const parsed = stackActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const input = parsed.data;
  switch (input.intent) {
    case "save": {
      const pricing = await getPricingContext(app, request);
      const quote = await quoteStack(app.db, input.items, pricing);
      if (!quote.ok) return failure(quote.message, 400);
      const stack = await saveStack(app.db, {
        userId: user.id,
        name: input.name,
        items: quote.lines,
      });
      if (stack === "full") return failure(STACK_MESSAGES.full, 409);
      return data({ ...actionSuccess(STACK_MESSAGES.saved), shareToken: stack.shareToken });
    }
    case "delete": {
      const removed = await deleteSavedStack(app.db, { userId: user.id, stackId: input.stackId });
      return removed
        ? actionSuccess(STACK_MESSAGES.deleted)
        : failure(STACK_MESSAGES.notFound, 404);
    }
  }
}

function sameLines(a: StackLine[], b: StackLine[]): boolean {
  return formatStackParam(a) === formatStackParam(b);
}

/**
 * Keeps the browser's copy and the URL in step: an empty /stack shows the stored stack; a
 * stack edited here is stored; a stack opened from someone's link is offered, not imposed.
 */
function useBrowserStack(lines: StackLine[]) {
  const navigate = useNavigate();
  const location = useLocation();
  const firstVisit = useRef(true);
  const [foreign, setForeign] = useState<StackLine[] | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const stored = readStoredStack(window.localStorage);
    if (firstVisit.current) {
      firstVisit.current = false;
      if (lines.length === 0 && stored.length > 0) {
        navigate(stackUrl(stored), { replace: true });
        return;
      }
      if (lines.length > 0 && stored.length > 0 && !sameLines(lines, stored)) {
        setForeign(stored);
        setReady(true);
        return;
      }
    }
    writeStoredStack(lines);
    setForeign(null);
    setReady(true);
    // The URL is the stack shown; only its change matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);

  return {
    ready,
    foreign,
    keepThis: () => {
      writeStoredStack(lines);
      setForeign(null);
    },
  };
}

export default function StackPage({ loaderData }: Route.ComponentProps) {
  const { lines, names, result, error, signedIn, saved, savedPage, savedPages } = loaderData;
  const { ready, foreign, keepThis } = useBrowserStack(lines);

  return (
    <main className="container mx-auto flex flex-col gap-6 px-4 py-8" data-ready={ready}>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Stack Optimizer</h1>
        <p className="text-sm text-muted-foreground">
          The cheapest way to buy everything in your stack, split across vendors with their coupons
          and shipping.
        </p>
      </div>

      {foreign ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md border p-3 text-sm"
        >
          <span>This stack came from a link; your own stack is kept.</span>
          <Button size="sm" onClick={keepThis}>
            Make this my stack
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={stackUrl(foreign)}>Show my stack</Link>
          </Button>
        </div>
      ) : null}

      {lines.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-12 text-center">
          <p className="text-muted-foreground">
            Your stack is empty. Use “Add to stack” on a peptide&apos;s page, in search results or
            in your saved deals.
          </p>
          <Button asChild variant="outline">
            <Link to="/">Browse peptides</Link>
          </Button>
        </div>
      ) : (
        <>
          <StackEditor lines={lines} names={names} />
          <StackQuote error={error} result={result} />
          <ShareStack lines={lines} signedIn={signedIn} />
        </>
      )}
      {lines.length === 0 ? <StackRulesNote /> : null}
      {signedIn ? <SavedStacks stacks={saved} page={savedPage} pages={savedPages} /> : null}
    </main>
  );
}

/** Quantities and removal; a plain GET form, so it works before (and without) JavaScript. */
function SavedStacks({
  stacks,
  page,
  pages,
}: {
  stacks: Route.ComponentProps["loaderData"]["saved"];
  page: number;
  pages: number;
}) {
  const { search } = useLocation();
  const pageUrl = (to: number) => {
    const params = new URLSearchParams(search);
    if (to === 1) params.delete(SAVED_PAGE_PARAM);
    else params.set(SAVED_PAGE_PARAM, String(to));
    const query = params.toString();
    return `/stack${query ? `?${query}` : ""}`;
  };
  return (
    <section aria-labelledby="saved-stacks-heading" className="flex flex-col gap-3">
      <h2 id="saved-stacks-heading" className="text-lg font-semibold">
        Saved stacks
      </h2>
      {stacks.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have not saved a stack yet.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border">
          {stacks.map((stack) => (
            <SavedStackRow key={stack.id} stack={stack} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Saved stacks pages" className="flex items-center gap-3 text-sm">
          {page > 1 ? (
            <Link to={pageUrl(page - 1)} className="underline">
              Newer
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={pageUrl(page + 1)} className="underline">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function SavedStackRow({ stack }: { stack: Route.ComponentProps["loaderData"]["saved"][number] }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <li
      data-testid="saved-stack"
      className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
    >
      <span>
        <Link to={`/stack/s/${stack.shareToken}`} className="font-medium hover:underline">
          {stack.name}
        </Link>
        <span className="block text-xs text-muted-foreground">
          {stack.lineCount} {stack.lineCount === 1 ? "line" : "lines"} · saved{" "}
          {formatDate(stack.createdAt)}
        </span>
      </span>
      <fetcher.Form method="post" action="/stack">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="stackId" value={stack.id} />
        <Button
          type="submit"
          size="icon"
          variant="ghost"
          aria-label={`Delete ${stack.name}`}
          disabled={fetcher.state !== "idle"}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </fetcher.Form>
    </li>
  );
}
