import { data, Link } from "react-router";

import { PRIVATE_CACHE_CONTROL } from "~/.server/platform/http/cache-headers.server";
import { getSavedStackByToken } from "~/.server/data/stacks.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import { quoteStack } from "~/.server/services/stack.server";
import { StackQuote } from "~/components/stack/stack-baskets";
import { Button } from "~/components/ui/button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { stackUrl } from "~/lib/stack";

import type { Route } from "./+types/stack.shared";
import { appOf } from "~/.server/platform/context.server";

export function meta({ data: page }: Route.MetaArgs) {
  return [
    { title: page?.name ? `${page.name} · Stack · PeptidePrices` : "Stack · PeptidePrices" },
    { name: "robots", content: "noindex" },
  ];
}

/** Never from a cache: the owner may delete the stack, and its link must stop at once. */
const SHARED_HEADERS = { "Cache-Control": PRIVATE_CACHE_CONTROL };

/** A saved stack, read-only, by its share link; priced afresh for whoever opens it. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = appOf(context);
  const token = params.token;
  const stack =
    token.length >= 32 && token.length <= 64 ? await getSavedStackByToken(app.db, token) : null;
  if (!stack) {
    throw data("This stack does not exist or is no longer shared", {
      status: 404,
      headers: SHARED_HEADERS,
    });
  }
  const quote = await quoteStack(app.db, stack.items, await getPricingContext(app, request));
  return data(
    {
      name: stack.name,
      lines: stack.items,
      names: quote.ok ? quote.names : {},
      result: quote.ok ? quote.result : null,
      error: quote.ok ? null : quote.message,
    },
    { headers: SHARED_HEADERS },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export default function SharedStack({ loaderData }: Route.ComponentProps) {
  const { name, lines, names, result, error } = loaderData;
  return (
    <main className="container mx-auto flex flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <p className="text-sm text-muted-foreground">Shared stack (read-only)</p>
          <h1 className="text-2xl font-semibold">{name}</h1>
          <p className="text-sm text-muted-foreground">
            {lines
              .map(
                (line) => `${names[line.peptide] ?? line.peptide} ${line.size} × ${line.quantity}`,
              )
              .join(" · ")}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to={stackUrl(lines)}>Open as my stack</Link>
        </Button>
      </div>
      <StackQuote error={error} result={result} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      fallback={{
        title: "Stack not found",
        message: "This stack does not exist or is no longer shared.",
      }}
      link={{ to: "/stack", label: "Go to the stack optimizer" }}
    />
  );
}
